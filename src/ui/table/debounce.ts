export const SEARCH_DEBOUNCE_MS = 300;

/** Calls `fn` with the last value once `ms` passed without a new one; `flush` sends it at once. */
export function createDebouncer<T>(fn: (value: T) => void, ms = SEARCH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: T;
  return {
    push(value: T) {
      last = value;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        fn(last);
      }, ms);
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      timer = null;
      fn(last);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
  };
}
