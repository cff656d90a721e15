/** Fields that hold a secret wherever they are in a log line's object. */
const SECRET_FIELDS = new Set(['password', 'otp_secret']);
const CENSOR = '[redacted]';
const MAX_DEPTH = 8;

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * A log line's object with every password and two-step secret censored, at any depth of its plain
 * objects and arrays; the object itself is left as it was (it may be a body a route still uses).
 * Copies only what holds a secret: a line without one is returned as it came.
 */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isPlain(value)) return value;
  let copy: Record<string, unknown> | unknown[] | null = null;
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const cleaned = SECRET_FIELDS.has(key) && inner !== undefined ? CENSOR : withoutSecrets(inner, depth + 1);
    if (cleaned === inner) continue;
    copy ??= Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = cleaned;
  }
  return (copy ?? value) as T;
}
