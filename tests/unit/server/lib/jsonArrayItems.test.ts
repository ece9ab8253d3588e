import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonArrayItems } from '../../../../src/server/lib/jsonArrayItems.ts';

const folder = mkdtempSync(join(tmpdir(), 'json-array-items-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
function file(text: string): string {
  const path = join(folder, `${files++}.json`);
  writeFileSync(path, text);
  return path;
}

async function items(path: string, chunkBytes?: number): Promise<unknown[]> {
  const found: unknown[] = [];
  for await (const item of jsonArrayItems(path, chunkBytes)) found.push(item);
  return found;
}

describe('jsonArrayItems', () => {
  const awkward = [
    { state: 'TAMIL NADU', city: 'CHENNAI', note: 'a } and a { in a string', pincode: '600001' },
    { quote: 'say \\"hi\\" \\\\', nested: { list: [1, { deep: ']' }] }, empty: {} },
    { hindi: 'नई दिल्ली', emoji: '📮', escaped: '\\u0041\\n' },
    [1, 2, 'three'],
  ];

  it.each([1, 2, 3, 7, 64, 64 * 1024])(
    'reads every item as JSON.parse does, whatever the chunk size (%i bytes)',
    async (chunkBytes) => {
      const pretty = file(JSON.stringify(awkward, null, 2));
      const compact = file(JSON.stringify(awkward));
      expect(await items(pretty, chunkBytes)).toEqual(JSON.parse(JSON.stringify(awkward)));
      expect(await items(compact, chunkBytes)).toEqual(JSON.parse(JSON.stringify(awkward)));
    },
  );

  it('reads an empty array as no items', async () => {
    expect(await items(file('  [ ]\n'))).toEqual([]);
  });

  it('gives each item as soon as it is read, before the rest of the file is looked at', async () => {
    const path = file('[{"pincode": "110001"}, {"pincode": "110002"}, this is not JSON');
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const item of jsonArrayItems(path, 4)) seen.push(item);
    }).rejects.toThrow('not an object');
    expect(seen).toEqual([{ pincode: '110001' }, { pincode: '110002' }]);
  });

  it.each([
    ['an object, not an array', '{"pincode": "110001"}', 'not a JSON array'],
    ['a scalar item', '[{"a": 1}, "loose"]', 'not an object'],
    ['a number item', '[{"a": 1}, 42]', 'not an object'],
    ['a truncated file', '[{"a": 1}, {"b": ', 'not closed'],
    ['an unclosed array', '[{"a": 1}', 'not closed'],
    ['text after the array', '[{"a": 1}] [', 'after the end'],
    ['a broken item', '[{"a": 1,}]', 'JSON'],
  ])('refuses %s', async (_, text, message) => {
    await expect(items(file(text), 3)).rejects.toThrow(message);
  });
});
