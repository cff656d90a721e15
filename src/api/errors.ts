/** A failed API call, typed so the app can route it: 401 to login, 422 to fields, the rest to a toast. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
  get isValidation(): boolean {
    return this.status === 422;
  }
  /** The first message for a field (dotted names for nested fields). */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0];
  }
}

/** No answer at all: offline or the server unreachable. */
export class NetworkError extends Error {
  constructor() {
    super('Geen verbinding met de server.');
  }
}

const shown = new WeakSet<object>();

/** The app's error handler showed this error; a form then does not show it a second time. */
export function markShown(error: unknown): void {
  if (typeof error === 'object' && error !== null) shown.add(error);
}
export function wasShown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shown.has(error);
}
