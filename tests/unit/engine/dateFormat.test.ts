import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { date } from '../../../engine/validation/dateFormat.ts';
import { standaloneFor } from '../../../tools/lib/validatorCode.ts';

/*
 * The browser's precompiled validators get only the `date` format (engine/validation/dateFormat.ts),
 * not ajv-formats' whole table; the server validates with ajv-formats. The two must agree on
 * every string, and a schema asking for a format the browser lacks must not be generated.
 */

const reference = fullFormats.date as { validate: (text: string) => boolean; compare: typeof date.compare };

function* calendar(): Generator<string> {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  for (const year of [
    0, 1, 4, 100, 1600, 1700, 1800, 1899, 1900, 1904, 1999, 2000, 2023, 2024, 2100, 2400, 9999,
  ])
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++) yield `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const malformed = [
  '',
  '2024-2-29',
  '2024-02-9',
  '24-02-29',
  '2024/02/29',
  '29-02-2024',
  '2024-02-29T00:00:00Z',
  ' 2024-02-29',
  '2024-02-29 ',
  '2024-02-29\n',
  '+2024-02-29',
  '2024-0a-01',
  '２０２４-02-29',
  '20240229',
];

describe('the date format of the browser', () => {
  it('answers as ajv-formats does for every day of leap and common years, and for days that do not exist', () => {
    const cases = [...calendar()];
    expect(cases.length).toBeGreaterThan(7000);
    const differ = cases.filter((text) => date.validate(text) !== reference.validate(text));
    expect(differ).toEqual([]);
    expect(date.validate('2024-02-29')).toBe(true);
    expect(date.validate('2023-02-29')).toBe(false);
    expect(date.validate('1900-02-29')).toBe(false);
    expect(date.validate('2000-02-29')).toBe(true);
    expect(date.validate('2023-04-31')).toBe(false);
  });

  it('refuses what is not a full date, as ajv-formats does', () => {
    for (const text of malformed)
      expect([text, date.validate(text)]).toEqual([text, reference.validate(text)]);
  });

  it('orders dates as ajv-formats does', () => {
    for (const [a, b] of [
      ['2024-01-01', '2024-01-02'],
      ['2024-01-02', '2024-01-01'],
      ['2024-01-01', '2024-01-01'],
      ['', '2024-01-01'],
    ] as const)
      expect(date.compare(a, b)).toBe(reference.compare(a, b));
  });

  it('is the only format a generated validator may ask the runtime for', () => {
    const schema = (format: string): RJSFSchema => ({
      $id: `https://schemas.bimaflow.in/test/${format}.schema.json`,
      type: 'object',
      properties: { value: { type: 'string', format } },
    });
    expect(standaloneFor(schema('date'))).toMatch(/fullFormats\.date/);
    // A format ajv checks with a function (not a regular expression it writes into the code).
    expect(() => standaloneFor(schema('date-time'))).toThrow(
      /needs the format date-time, which engine\/validation\/standaloneModules\.ts \(STANDALONE_FORMATS\) does not provide/,
    );
  });
});
