import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as auth from './auth';
import * as clients from './clients';
import * as common from './common';
import * as contacts from './contacts';
import * as deliveries from './deliveries';
import * as paging from './paging';
import * as prenotifications from './prenotifications';
import * as roles from './roles';
import * as statistics from './statistics';
import * as stock from './stock';
import * as users from './users';

type AnySchema = v.GenericSchema & { entries?: Record<string, unknown>; wrapped?: unknown; pipe?: readonly unknown[] };
const isSchema = (x: unknown): x is AnySchema =>
  typeof x === 'object' && x !== null && (x as { kind?: string }).kind === 'schema';

/** Every schema exported by the schema modules; factories are called with each boolean. */
function allSchemas(): [string, AnySchema][] {
  const modules = {
    auth,
    clients,
    common,
    contacts,
    deliveries,
    paging,
    prenotifications,
    roles,
    statistics,
    stock,
    users,
  };
  const found: [string, AnySchema][] = [];
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (isSchema(value)) found.push([`${file}.${name}`, value]);
      else if (typeof value === 'function' && value.length <= 1 && /Schema$/.test(name)) {
        for (const flag of [true, false]) {
          try {
            const made = (value as (x: boolean) => unknown)(flag);
            if (isSchema(made)) found.push([`${file}.${name}(${flag})`, made]);
          } catch {
            // not a schema factory
          }
        }
      }
    }
  }
  return found;
}

/** The object entries of a schema (through pipes and optional wrappers), to send each key wrongly. */
function entriesOf(schema: AnySchema): Record<string, unknown> | null {
  if (schema.entries) return schema.entries;
  const inner = (schema.pipe?.[0] ?? schema.wrapped) as AnySchema | undefined;
  return inner && inner !== schema && isSchema(inner) ? entriesOf(inner) : null;
}

function messagesFor(schema: AnySchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  const out: string[] = [];
  const walk = (issues: readonly v.BaseIssue<unknown>[] | undefined) =>
    issues?.forEach((i) => {
      out.push(i.message);
      walk(i.issues);
    });
  walk(result.issues);
  return out;
}

const english = /invalid|expected|received|must|should/i;

describe('validation messages', () => {
  const schemas = allSchemas();

  it('finds the schemas of every area', () => {
    expect(schemas.length).toBeGreaterThan(30);
  });

  it.each(schemas)('%s answers missing keys and wrong types in Dutch', (_name, schema) => {
    const entries = entriesOf(schema);
    const wrongTypes = entries ? Object.fromEntries(Object.keys(entries).map((k) => [k, { nested: [1] }])) : {};
    const arrays = entries
      ? Object.fromEntries(Object.keys(entries).map((k) => [k, [{ nested: true }, 12, null]]))
      : {};
    const inputs: unknown[] = [undefined, null, {}, [], 'x', 12, true, wrongTypes, arrays];
    const messages = inputs.flatMap((input) => messagesFor(schema, input));
    expect(messages.filter((m) => english.test(m) || m.trim() === '')).toEqual([]);
  });

  it('says a missing key is required', () => {
    expect(
      messagesFor(auth.activateSchema as unknown as AnySchema, {
        password_confirmation: 'x',
        token: 't',
        accepted_terms: true,
      }),
    ).toContain(common.msg.required);
    expect(messagesFor(v.object({ a: v.number() }) as AnySchema, { a: 'x' })).toEqual([common.msg.invalid]);
  });
});
