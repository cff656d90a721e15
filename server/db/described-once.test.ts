/**
 * server/db/described-once.ts subclasses pg's undocumented Query and writes its private fields. `pg` is
 * pinned to one version in package.json; this test fails the moment an upgrade changes what that file
 * relies on, without a database: the fields a described result keeps, what a row description sets,
 * and the messages pg's own Query sends for an already parsed named statement and for its rows.
 */
import { createRequire } from 'node:module';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

interface QueryInternals {
  name?: string;
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  callback?: unknown;
  _accumulateRows: boolean;
  _result: { fields: unknown[]; _parsers: unknown[]; _prebuiltEmptyResultObject: Record<string, null> };
  prepare(connection: unknown): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  handleError(err: unknown, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
}
const Query = pg.Query as unknown as new (text: string, values?: unknown[]) => QueryInternals;

/** A connection that records the protocol messages a query asks it to send. */
function recordingConnection(parsed: Record<string, string> = {}) {
  const sent: string[] = [];
  const record = (message: string) => () => void sent.push(message);
  return {
    sent,
    parsedStatements: parsed,
    submittedNamedStatements: {},
    parse: record('parse'),
    bind: record('bind'),
    describe: record('describe'),
    execute: record('execute'),
    sync: record('sync'),
    flush: record('flush'),
    close: record('close'),
  };
}

describe("pg's internals that described-once.ts takes over", () => {
  it('is the pinned version', () => {
    const version = (createRequire(import.meta.url)('pg/package.json') as { version: string }).version;
    const pinned = (createRequire(import.meta.url)('../../package.json') as { dependencies: Record<string, string> })
      .dependencies.pg;
    expect(pinned).toBe(version);
  });

  it('keeps a row description as fields, a parser per column and an empty row, and accumulates rows', () => {
    const query = new Query('select 1 as a, 2 as b', []);
    query.callback = () => {};
    query.handleRowDescription({
      fields: [
        { name: 'a', dataTypeID: 23, format: 'text' },
        { name: 'b', dataTypeID: 25, format: 'text' },
      ],
    });
    expect(query._result.fields).toHaveLength(2);
    expect(query._result._parsers).toHaveLength(2);
    expect(query._result._prebuiltEmptyResultObject).toEqual({ a: null, b: null });
    expect(query._accumulateRows).toBeTruthy();
    expect(query.portal).toBe('');
    expect(query.binary).toBeUndefined();
    expect(query.rows).toBeUndefined();
  });

  it('sends Bind, Describe, Execute and Sync for a parsed named statement, and Execute and Sync for its rows', () => {
    const query = new Query('select 1', []);
    query.name = 's1';
    const connection = recordingConnection({ s1: 'select 1' });
    query.prepare(connection);
    expect(connection.sent).toEqual(['bind', 'describe', 'execute', 'sync']);
    const rows = recordingConnection();
    query._getRows(rows, undefined);
    expect(rows.sent).toEqual(['execute', 'sync']);
    expect(typeof query.handleError).toBe('function');
  });

  it("has the value mapper pg's Bind uses", () => {
    const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => unknown } }).utils;
    expect(prepareValue(12)).toBe('12');
    expect(prepareValue(null)).toBeNull();
  });
});
