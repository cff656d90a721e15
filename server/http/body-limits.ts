import type { FastifyInstance, RouteOptions } from 'fastify';
import { hasNoNul, msg } from '@domain/schemas/common';
import { HttpError, ValidationError } from './errors';

/**
 * How large a JSON body a route may receive (issue 22: one 4.8 MB body held the event loop for
 * seconds, before sign-in). The sign-in and other public routes take a few named fields; most routes
 * a form; a few take lists of serials or a signature. A larger body is refused with 413 from its
 * Content-Length, before a byte of it is read. Multipart uploads have their own limits (app.ts).
 */
export const BODY_LIMIT = {
  /** Public routes (sign-in, activation, password reset): an e-mail address and a password or two. */
  public: 2 * 1024,
  default: 64 * 1024,
  /** Scanned serials (10,000 at most per list) and the delivery signature (512 KB as base64). */
  bulk: 1024 * 1024,
} as const;

/** The routes that need the bulk limit; every other route has the limit of its access. */
const BULK_ROUTES = new Set([
  'POST /api/finish/delivery',
  'POST /api/delivery/save',
  'POST /api/delivery/save-and-finish',
  'POST /api/items/scanitems',
  'POST /api/delivery/checkout',
  'POST /api/delivery/checkout/check',
  'POST /api/items/scanbulkitems',
  'POST /api/asns',
  'PUT /api/asns/:id',
]);

/** The deepest nesting, longest list and most keys of one object a body may have (no schema asks for more). */
export const MAX_BODY_DEPTH = 12;
export const MAX_BODY_LIST = 10_000;
export const MAX_BODY_KEYS = 500;

export const BODY_TOO_LARGE_MESSAGE = 'De verzonden gegevens zijn te groot.';

interface Frame {
  value: unknown;
  key: string;
  parent: Frame | null;
  depth: number;
}

const pathOf = (frame: Frame): string => {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) keys.push(f.key);
  return keys.reverse().join('.') || '_';
};

/**
 * Walks a parsed body once, without recursion and without building a path until one is needed:
 * refuses nesting, lists and objects larger than any route reads, and (when the raw text held an
 * escaped NUL) text with a NUL character, which PostgreSQL cannot store. The work is bounded by the
 * body limit: about one step per two bytes.
 */
function checkBodyShape(body: unknown, lookForNul: boolean): void {
  const stack: Frame[] = [{ value: body, key: '', parent: null, depth: 0 }];
  while (stack.length) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      if (lookForNul && !hasNoNul(value)) throw ValidationError.field(pathOf(frame), msg.invalidCharacter);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (frame.depth >= MAX_BODY_DEPTH) throw ValidationError.field(pathOf(frame), msg.tooDeep);
    if (Array.isArray(value)) {
      if (value.length > MAX_BODY_LIST) throw ValidationError.field(pathOf(frame), msg.tooMany(MAX_BODY_LIST));
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: frame, depth: frame.depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_BODY_KEYS) throw ValidationError.field(pathOf(frame), msg.tooMany(MAX_BODY_KEYS));
    for (const key of keys.reverse()) {
      if (lookForNul && !hasNoNul(key)) throw ValidationError.field(pathOf(frame), msg.invalidCharacter);
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: frame, depth: frame.depth + 1 });
    }
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPENS = new Set([0x5b, 0x7b]);
const CLOSES = new Set([0x5d, 0x7d]);

/**
 * One pass over the raw text before it is parsed: refuses nesting deeper than MAX_BODY_DEPTH, counted
 * from the brackets outside strings, with the path checkBodyShape would name. JSON.parse of a body
 * nested 500,000 levels deep held the event loop for seconds; this pass costs a few ms per MB and
 * builds nothing but the path of the refusal. Text that is not JSON is left to the parser.
 */
function checkNesting(text: string): void {
  // Per open object or list: the index of the element being read (-1 in an object), and where the
  // key being read starts and ends in the text (objects).
  const index: number[] = [];
  const keyStart: number[] = [];
  const keyEnd: number[] = [];
  let stringStart = -1;
  let stringEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      stringStart = i;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      stringEnd = i;
    } else if (OPENS.has(c)) {
      if (index.length >= MAX_BODY_DEPTH)
        throw ValidationError.field(nestingPath(text, index, keyStart, keyEnd), msg.tooDeep);
      index.push(c === 0x5b ? 0 : -1);
      keyStart.push(-1);
      keyEnd.push(-1);
    } else if (CLOSES.has(c)) {
      index.pop();
      keyStart.pop();
      keyEnd.pop();
    } else if (c === COMMA && (index.at(-1) ?? -1) >= 0) {
      index[index.length - 1]! += 1;
    } else if (c === COLON && index.length) {
      keyStart[index.length - 1] = stringStart;
      keyEnd[index.length - 1] = stringEnd;
    }
  }
}

/** The dotted path of the open objects and lists, as pathOf names a parsed body's. */
function nestingPath(text: string, index: number[], keyStart: number[], keyEnd: number[]): string {
  const keys = index.map((at, level) => {
    if (at >= 0) return String(at);
    const raw = text.slice(keyStart[level]!, keyEnd[level]! + 1);
    try {
      return String(JSON.parse(raw));
    } catch {
      return raw;
    }
  });
  return keys.join('.') || '_';
}

/**
 * Gives every /api route its body limit (an explicit `bodyLimit` in a route's options wins), and
 * parses JSON bodies with Fastify's own safe parser, after one pass over the text that refuses deep
 * nesting (checkNesting) and followed by one bounded walk of the result.
 * JSON can only carry a NUL character escaped, so the walk looks for one only when the raw text
 * holds `\u0000`.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api') || route.bodyLimit !== undefined) return;
    const bulk = [route.method].flat().some((method) => BULK_ROUTES.has(`${method} ${route.url}`));
    route.bodyLimit = bulk
      ? BODY_LIMIT.bulk
      : route.config?.access === 'public'
        ? BODY_LIMIT.public
        : BODY_LIMIT.default;
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT.default },
    (request, raw, done) => {
      try {
        checkNesting(raw as string);
      } catch (refusal) {
        return done(refusal as HttpError, undefined);
      }
      parseJson(request, raw as string, (err, body) => {
        if (err) return done(err, undefined);
        try {
          checkBodyShape(body, (raw as string).includes('\\u0000'));
        } catch (refusal) {
          return done(refusal as HttpError, undefined);
        }
        done(null, body);
      });
    },
  );
}
