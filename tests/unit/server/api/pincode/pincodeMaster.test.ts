import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  pincodeDatasetPath,
  pincodeRecords,
  type PincodeRecord,
} from '../../../../../src/server/api/pincode/pincodeMaster.ts';

const folder = mkdtempSync(join(tmpdir(), 'pincode-master-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function all(path?: string): Promise<PincodeRecord[]> {
  const records: PincodeRecord[] = [];
  for await (const record of pincodeRecords(path)) records.push(record);
  return records;
}

describe('pincodeRecords', () => {
  it('gives one record per six-digit pincode, the first post office winning, title-cased', async () => {
    const path = join(folder, 'small.json');
    writeFileSync(
      path,
      JSON.stringify([
        { state: 'MADHYA PRADESH', city: 'INDORE', district: 'Indore', pincode: '452009' },
        { state: 'MADHYA PRADESH', city: 'MHOW', district: 'Indore', pincode: '452009' },
        { state: 'DELHI', city: 'NEW DELHI', district: ' Chanakya Puri ', pincode: ' 110001 ' },
        { state: 'SHIFTED', city: 'ROW', district: 'x', pincode: 'Some S.O' },
        { state: 'KERALA', city: 'KOCHI', district: 'Ernakulam', pincode: '68201' },
        { state: 'KERALA', district: 'Ernakulam', pincode: '682011' },
        { state: 'KERALA', city: 'KOCHI', district: 'Ernakulam', pincode: 682012 },
      ]),
    );
    expect(await all(path)).toEqual([
      { pincode: '452009', city: 'Indore', district: 'Indore', state: 'Madhya Pradesh' },
      { pincode: '110001', city: 'New Delhi', district: 'Chanakya Puri', state: 'Delhi' },
    ]);
  });

  it('reads the whole India Post dataset as a reading of the file at once would', async () => {
    // The reference holds the whole file, as the seed did before it streamed.
    const rows = JSON.parse(readFileSync(pincodeDatasetPath(), 'utf8')) as Record<string, unknown>[];
    const firsts = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const pincode = typeof row.pincode === 'string' ? row.pincode.trim() : '';
      if (/^[0-9]{6}$/.test(pincode) && row.city && row.state && row.district && !firsts.has(pincode)) {
        firsts.set(pincode, row);
      }
    }
    const records = await all();
    expect(records.length).toBe(firsts.size);
    expect(records.length).toBeGreaterThanOrEqual(18_000);
    expect(records.map((r) => r.pincode)).toEqual([...firsts.keys()]);
    expect(records.map((r) => r.district)).toEqual(
      [...firsts.values()].map((r) => String(r.district).trim()),
    );
  });
});
