import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from '../../db/Db.ts';
import { pincodeRecords, type PincodeRecord } from './pincodeMaster.ts';

/** Arbitrary constant: serialises pincode seeding of several instances on one PostgreSQL. */
const PINCODE_SEED_LOCK = 54_1973;
/**
 * Rows per INSERT; four array parameters each, so the size is only a memory trade-off: the
 * dataset is read as it is inserted, and only one batch of it is held at a time.
 */
export const PINCODE_BATCH_SIZE = 1000;

export interface SeedResult {
  /** Rows this call inserted (0 when the table already had pincodes). */
  inserted: number;
  /** Wall time of the call, including reading the dataset when it was needed. */
  ms: number;
}

const hasPincodes = async (db: Queryable) =>
  (await db.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM pincodes) AS seeded')).rows[0]!.seeded;

/** Inserts one batch; answers how many rows were new. */
async function insertBatch(tx: Queryable, batch: PincodeRecord[]): Promise<number> {
  const { rows } = await tx.query<{ inserted: number }>(
    `WITH added AS (
       INSERT INTO pincodes (pincode, city, district, state)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (pincode) DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS inserted FROM added`,
    [
      batch.map((r) => r.pincode),
      batch.map((r) => r.city),
      batch.map((r) => r.district),
      batch.map((r) => r.state),
    ],
  );
  return rows[0]!.inserted;
}

/**
 * Loads the pincode master into an empty `pincodes` table, all of it or nothing, in one
 * transaction, reading the dataset as it inserts it (`load`: the records, in order; a batch of
 * PINCODE_BATCH_SIZE is held at a time). A dataset that fails part way leaves the table empty.
 * A filled table costs one indexed EXISTS and the dataset is never read.
 * Several instances starting at once on one PostgreSQL are safe: the first takes an
 * advisory lock and loads, the others wait for it, see the rows and do nothing; ON
 * CONFLICT DO NOTHING keeps a row somebody else inserted.
 */
export async function seedPincodes(
  db: Db,
  load: () => AsyncIterable<PincodeRecord> | Iterable<PincodeRecord> = () => pincodeRecords(),
): Promise<SeedResult> {
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);
  if (await hasPincodes(db)) return { inserted: 0, ms: elapsed() };

  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PINCODE_SEED_LOCK]);
    if (await hasPincodes(tx)) return 0;
    let count = 0;
    let batch: PincodeRecord[] = [];
    for await (const record of load()) {
      batch.push(record);
      if (batch.length < PINCODE_BATCH_SIZE) continue;
      count += await insertBatch(tx, batch);
      batch = [];
    }
    if (batch.length) count += await insertBatch(tx, batch);
    return count;
  });
  return { inserted, ms: elapsed() };
}
