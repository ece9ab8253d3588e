import pg from 'pg';
import type { Db, Queryable } from './Db.ts';

// DATE columns come back as the 'yyyy-mm-dd' text the wire uses, not as a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

/** Throws unless `schema` is a plain lower-case identifier, safe to put in SQL text unquoted. */
export function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
}

/** PostgreSQL through a connection pool. */
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
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[] | undefined);
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
            const result = await client.query(sql, params as unknown[] | undefined);
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
