import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from '../../db/Db.ts';
import { readPincodeMaster, type PincodeRecord } from './pincodeMaster.ts';

/** Arbitrary constant: serialises pincode seeding of several instances on one PostgreSQL. */
const PINCODE_SEED_LOCK = 54_1973;
/** Rows per INSERT; four array parameters each, so the size is only a memory trade-off. */
const BATCH_SIZE = 5000;

export interface SeedResult {
  /** Rows this call inserted (0 when the table already had pincodes). */
  inserted: number;
  /** Wall time of the call, including reading the dataset when it was needed. */
  ms: number;
}

const hasPincodes = async (db: Queryable) =>
  (await db.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM pincodes) AS seeded')).rows[0]!.seeded;

/**
 * Loads the pincode master into an empty `pincodes` table, all of it or nothing, in one
 * transaction. A filled table costs one indexed EXISTS and the dataset is never read.
 * Several instances starting at once on one PostgreSQL are safe: the first takes an
 * advisory lock and loads, the others wait for it, see the rows and do nothing; ON
 * CONFLICT DO NOTHING keeps a row somebody else inserted.
 */
export async function seedPincodes(
  db: Db,
  load: () => PincodeRecord[] = () => readPincodeMaster(),
): Promise<SeedResult> {
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);
  if (await hasPincodes(db)) return { inserted: 0, ms: elapsed() };

  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PINCODE_SEED_LOCK]);
    if (await hasPincodes(tx)) return 0;
    const records = load();
    let count = 0;
    for (let i = 0; i < records.length; i += BATCH_SIZE) {
      const batch = records.slice(i, i + BATCH_SIZE);
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
      count += rows[0]!.inserted;
    }
    return count;
  });
  return { inserted, ms: elapsed() };
}
