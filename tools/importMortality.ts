/**
 * Vendors a published mortality table into the repo as data the pricing engine reads
 * (CI clones only this repo, so nothing may be read from ../shared at run time).
 *
 *   npx tsx tools/importMortality.ts [csv] [id]
 *   default: ../shared/data/ialm-2012-14.csv → schemas/common/mortality/ialm-2012-14.json
 *
 * The CSV has a header `age,qx` and one row per integer age (age last birthday). The import
 * refuses gaps, q outside [0, 1] and a table that does not end in q = 1, so a bad copy
 * never reaches a quote.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES: Record<string, { source: string; table: string }> = {
  'ialm-2012-14': {
    source:
      'Indian Assured Lives Mortality (2012-14) Ultimate, Institute of Actuaries of India; ' +
      'imported from ../shared/data/ialm-2012-14.csv by tools/importMortality.ts',
    table: 'IALM 2012-14 ultimate',
  },
};

const csvPath =
  process.argv[2] ?? fileURLToPath(new URL('../../shared/data/ialm-2012-14.csv', import.meta.url));
const id = process.argv[3] ?? basename(csvPath, '.csv');
const meta = SOURCES[id];
if (!meta) throw new Error(`No source description for table '${id}': add it to SOURCES in this script.`);

const [header, ...lines] = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
if (header?.replace(/\s/g, '') !== 'age,qx') throw new Error(`${csvPath}: expected header 'age,qx'`);

const qx: Record<string, number> = {};
let previousAge: number | undefined;
for (const [index, line] of lines.entries()) {
  const [ageText, qText] = line.split(',').map((cell) => cell.trim());
  const age = Number(ageText);
  const q = Number(qText);
  if (!Number.isInteger(age) || !Number.isFinite(q) || q < 0 || q > 1) {
    throw new Error(`${csvPath}:${index + 2}: not an integer age and a q in [0, 1]: '${line}'`);
  }
  if (previousAge !== undefined && age !== previousAge + 1) {
    throw new Error(`${csvPath}:${index + 2}: age ${age} does not follow ${previousAge}`);
  }
  qx[String(age)] = q;
  previousAge = age;
}
if (previousAge === undefined || qx[String(previousAge)] !== 1) {
  throw new Error(`${csvPath}: the last age must have q = 1 (the table's limiting age)`);
}

const output = fileURLToPath(new URL(`../schemas/common/mortality/${id}.json`, import.meta.url));
const table = { id, source: meta.source, table: meta.table, ageBasis: 'age last birthday', qx };
writeFileSync(output, `${JSON.stringify(table, null, 2)}\n`);
console.log(`${output}: ${Object.keys(qx).length} ages, ${Object.keys(qx)[0]}–${previousAge}`);
