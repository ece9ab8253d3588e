import pg from 'pg';
import { DependencyUnavailable, isDatabaseOutage } from '../lib/dependencyUnavailable.ts';
import type { Db, Queryable } from './Db.ts';

/** Rethrows an error that means the database is out of reach as DependencyUnavailable (a 503). */
function outage(error: unknown): never {
  throw isDatabaseOutage(error) ? new DependencyUnavailable('database', error) : error;
}

// DATE columns come back as the 'yyyy-mm-dd' text the wire uses, not as a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

/** Throws unless `schema` is a plain lower-case identifier, safe to put in SQL text unquoted. */
export function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
}

/** How many distinct statements are kept prepared (the server's SQL is a fixed, small set). */
const PREPARED_LIMIT = 500;

/**
 * PostgreSQL through a connection pool. A query with parameters runs as a named prepared
 * statement: each pooled connection parses and plans it once, then only binds and executes.
 */
export async function createPostgresDb(
  connectionString: string,
  { max = 10, schema, timeoutMs }: { max?: number; schema?: string; timeoutMs?: number } = {},
): Promise<Db> {
  if (schema !== undefined) assertSchemaName(schema);
  // A schema of its own (tests) goes first on the search path of every pooled connection.
  const sessionOptions = [
    ...(schema ? [`-c search_path=${schema}`] : []),
    ...(timeoutMs ? [`-c statement_timeout=${timeoutMs}`, `-c lock_timeout=${timeoutMs}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max,
    // A database that does not answer (stopped, frozen, unreachable) fails a request in this
    // time instead of holding it: waiting for a connection, and for a query's answer. The
    // database stops the statement too (statement_timeout, lock_timeout), so one the server
    // gave up on does not go on holding its locks.
    ...(timeoutMs ? { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs } : {}),
    ...(sessionOptions.length ? { options: sessionOptions.join(' ') } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  await pool.query('SELECT 1');
  const names = new Map<string, string>();
  const statement = (sql: string, params: unknown[] | undefined) => {
    if (params === undefined) return { text: sql };
    let name = names.get(sql);
    if (!name && names.size < PREPARED_LIMIT) {
      name = `s${names.size + 1}`;
      names.set(sql, name);
    }
    return name ? { name, text: sql, values: params } : { text: sql, values: params };
  };
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(statement(sql, params as unknown[] | undefined)).catch(outage);
      return { rows: result.rows };
    },
    async exec(sql) {
      await pool.query(sql).catch(outage);
    },
    async transaction(work) {
      const client = await pool.connect().catch(outage);
      let released = false;
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query(sql, params) {
            const result = await client.query(statement(sql, params as unknown[] | undefined));
            return { rows: result.rows };
          },
          async exec(sql) {
            await client.query(sql);
          },
        };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        let lost = isDatabaseOutage(error);
        // A ROLLBACK that fails leaves the connection in an unknown state too.
        if (!lost)
          lost = await client.query('ROLLBACK').then(
            () => false,
            () => true,
          );
        // A connection that timed out is not given back to the pool: its state is unknown.
        client.release(lost ? (error as Error) : undefined);
        released = true;
        return outage(error);
      } finally {
        if (!released) client.release();
      }
    },
    close: () => pool.end(),
  };
}
