import type { Db } from './Db.ts';
import { migrate } from './migrate.ts';
import { createPgliteDb } from './pgliteDb.ts';
import { assertSchemaName, createPostgresDb } from './postgresDb.ts';

export interface DbConfig {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing); tests use one each. */
  schema?: string;
  /** Connections of the PostgreSQL pool (createPostgresDb's default when absent). */
  poolSize?: number;
  /** How long a PostgreSQL query or connection may take (ms); none when absent. */
  timeoutMs?: number;
  /** PGlite directory (default ./data/pglite); `memory` keeps it in memory (tests). */
  dataDir?: string | 'memory';
}

/** Opens the configured database and brings its schema up to date. */
export async function createDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl && config.schema) {
    // Checked before it is spliced into SQL text (identifiers cannot be bound parameters).
    assertSchemaName(config.schema);
    const admin = await createPostgresDb(config.databaseUrl, { max: 1 });
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${config.schema}`).finally(() => admin.close());
  }
  if (config.databaseUrl) {
    // Migrations run on a connection of their own, without the requests' time limit: an index
    // built on a large table may take minutes, and the server must not fail to start for it.
    const migrator = await createPostgresDb(config.databaseUrl, { schema: config.schema, max: 1 });
    try {
      await migrate(migrator);
    } finally {
      await migrator.close();
    }
    return createPostgresDb(config.databaseUrl, {
      schema: config.schema,
      timeoutMs: config.timeoutMs,
      ...(config.poolSize ? { max: config.poolSize } : {}),
    });
  }
  const db = await createPgliteDb(
    config.dataDir === 'memory' ? undefined : (config.dataDir ?? 'data/pglite'),
  );
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
