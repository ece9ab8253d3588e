import { describe, expect, it } from 'vitest';
import { createDb } from '../../../../src/server/db/createDb.ts';
import { DATABASES } from '../../../integration/api/testApp.ts';

/*
 * How a quote's request and answer are stored (migrations 003, 004): compressed with lz4
 * where the server has it (PostgreSQL), uncompressed out of line where it has not (PGlite,
 * whose build has no lz4: pglz would cost more than it saves). Either way a quote reads
 * back exactly as written.
 */
describe.each(DATABASES)('quotes storage ($name)', (kind) => {
  // Opening a database and migrating it is most of this test's time, the more on a busy machine.
  const OPEN_TIMEOUT_MS = 30_000;

  it(
    'keeps request and response as the server can store them cheapest, and reads them back as written',
    async () => {
      const config = kind.config();
      const db = await createDb({
        databaseUrl: config.databaseUrl,
        schema: config.databaseSchema,
        dataDir: 'memory',
      });
      try {
        const { rows } = await db.query<{ attname: string; attstorage: string; attcompression: string }>(
          `SELECT attname, attstorage, attcompression FROM pg_attribute
         WHERE attrelid = 'quotes'::regclass AND attname IN ('request', 'response') ORDER BY attname`,
        );
        const expected =
          kind.name === 'postgres'
            ? { attstorage: 'x', attcompression: 'l' }
            : { attstorage: 'e', attcompression: '' };
        expect(rows).toEqual([
          { attname: 'request', ...expected },
          { attname: 'response', ...expected },
        ]);

        const response = JSON.stringify({
          rows: Array.from({ length: 300 }, (_, year) => ({
            policyYear: year + 1,
            premium: 200000,
            value: year * 7,
          })),
        });
        await db.query(
          `INSERT INTO quotes (quote_number, application_number, product_id, request, response)
         VALUES ('Q0000000001', NULL, 'T54', '{"a": 1}'::json, $1::json)`,
          [response],
        );
        const read = await db.query<{ response: string }>(
          `SELECT response::text AS response FROM quotes WHERE quote_number = 'Q0000000001'`,
        );
        expect(read.rows[0]!.response).toBe(response);
      } finally {
        if (config.databaseUrl) await db.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
        await db.close();
      }
    },
    OPEN_TIMEOUT_MS,
  );
});
