import pg from 'pg';

/** The parts of pg's Query and connection this subclass works with (pg/lib/query.js; not in its types). */
interface PgConnection {
  parsedStatements: Record<string, string | undefined>;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[] | undefined;
    binary: boolean | undefined;
    valueMapper: unknown;
  }): void;
  sync(): void;
}
/** A named statement as pool.ts sends it. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[] | undefined;
}
/**
 * What pg's Result.addFields makes of a description: the columns, a parser per column, the empty row every row is
 * copied from.
 */
interface PgResultInternals {
  fields: pg.FieldDef[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: Record<string, null>;
  addFields(fields: pg.FieldDef[]): void;
}
type ReadColumns = Pick<PgResultInternals, 'fields' | '_parsers' | '_prebuiltEmptyResultObject'>;
interface PgQueryInternals {
  name: string | undefined;
  portal: string;
  values: unknown[] | undefined;
  binary: boolean | undefined;
  rows: number | undefined;
  _result: PgResultInternals;
  _accumulateRows: boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: pg.FieldDef[] }): void;
  handleError(err: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
}

/**
 * The columns of each named statement's result as pg's Result read them, per connection (they end with
 * it): taken over as they are, not made again from the description (0.007 ms of the signed-in floor).
 * pg never changes them after addFields; the portal sets its type parsers once, before any connection.
 */
const columnsOf = new WeakMap<PgConnection, Map<string, ReadColumns>>();

const BaseQuery = pg.Query as unknown as new (text: string, values: unknown[] | undefined) => PgQueryInternals;
/** How pg's own Query turns a value into its text for Bind (pg/lib/utils.js). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: unknown } }).utils;

/**
 * A named statement whose result columns are asked for once per connection. pg's Query describes the
 * portal on every execution, so PostgreSQL sends the columns' description (names, types) with every
 * answer and pg parses it again: on the delivery page that was the largest single part of the
 * allocations per request (docs/PERFORMANCE.md; the round in git history). A named statement's columns cannot
 * change while it exists on its connection: PostgreSQL refuses to run it then ('cached plan must not
 * change result type'), so the first description holds. The first execution on a connection is pg's
 * own, with the description; a statement that returns no rows (NoData) is described every time.
 */
class DescribedOnce extends BaseQuery {
  constructor(config: NamedStatement) {
    // Made from the text, not the config object: pg's Query copies an object property by property
    // (utils.cloneQueryConfig), 0.006 ms of every statement in a CPU profile of the signed-in floor.
    super(config.text, config.values);
    this.name = config.name;
  }

  override prepare(connection: PgConnection): void {
    const name = this.name;
    const known =
      name !== undefined && connection.parsedStatements[name] !== undefined
        ? columnsOf.get(connection)?.get(name)
        : undefined;
    if (!known) {
      this.connectionOfDescription = connection;
      super.prepare(connection);
      return;
    }
    const result = this._result;
    result.fields = known.fields;
    result._parsers = known._parsers;
    result._prebuiltEmptyResultObject = known._prebuiltEmptyResultObject;
    // What handleRowDescription sets: the rows go into the result handed to the callback.
    this._accumulateRows = true;
    try {
      connection.bind({
        portal: this.portal,
        statement: name!,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      // Nothing was sent (the values are written before the message): the statement stays, and the
      // connection's ReadyForQuery after a Sync frees it for the next query.
      connection.sync();
      this.handleError(err, connection);
      return;
    }
    this._getRows(connection, this.rows);
  }

  connectionOfDescription: PgConnection | undefined;

  override handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    super.handleRowDescription(message);
    const connection = this.connectionOfDescription;
    if (!connection || this.name === undefined) return;
    let columns = columnsOf.get(connection);
    if (!columns) columnsOf.set(connection, (columns = new Map()));
    const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
    columns.set(this.name, { fields, _parsers, _prebuiltEmptyResultObject });
  }
}

/**
 * Runs a named statement on a pool client as `client.query(config)` does, describing its columns once per connection.
 */
export function queryDescribedOnce(client: pg.PoolClient, config: NamedStatement): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new DescribedOnce(config) as unknown as pg.Submittable & {
      callback: (err: Error | undefined, result: pg.QueryResult) => void;
    };
    query.callback = (err, result) => (err ? reject(err) : resolve(result));
    client.query(query);
  });
}
