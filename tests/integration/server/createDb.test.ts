import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../src/server/db/createDb.ts';
import { createPostgresDb } from '../../../src/server/db/postgresDb.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('createDb schema names', () => {
  it.each(['Public', 'a-b', '1abc', 'x; DROP SCHEMA public CASCADE', 'x"y', ''])(
    'refuses schema %j before it reaches any SQL (no connection is even tried)',
    async (schema) => {
      // Nothing listens on port 1: without the check first, this would fail to connect instead.
      await expect(createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', schema })).rejects.toThrow(
        `Invalid schema name "${schema}"`,
      );
    },
  );

  it.runIf(databaseUrl)('runs nothing smuggled in through the schema name on PostgreSQL', async () => {
    const smuggled = `evil_${randomBytes(6).toString('hex')}`;
    await expect(
      createDb({ databaseUrl: databaseUrl!, schema: `t_ok; CREATE SCHEMA ${smuggled}` }),
    ).rejects.toThrow('Invalid schema name');
    const admin = await createPostgresDb(databaseUrl!, { max: 1 });
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [smuggled]);
      expect(rows).toEqual([]);
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${smuggled}`);
      await admin.query('DROP SCHEMA IF EXISTS t_ok');
      await admin.close();
    }
  });
});
