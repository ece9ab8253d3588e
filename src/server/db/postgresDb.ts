import pg from 'pg';
import type { Db, Queryable } from './Db.ts';

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
  { max = 10, schema }: { max?: number; schema?: string } = {},
): Promise<Db> {
  if (schema !== undefined) assertSchemaName(schema);
  // A schema of its own (tests) goes first on the search path of every pooled connection.
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
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
      const result = await pool.query(statement(sql, params as unknown[] | undefined));
      return { rows: result.rows };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
