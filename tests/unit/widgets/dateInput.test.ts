import { describe, expect, it } from 'vitest';
import { dateInputValue, formatDateInput, toDisplayDate, toWireDate } from '../../../widgets/dateInput.ts';

/** Types `text` one character at a time through the formatter, as the widget does. */
function typeChars(text: string): string {
  let shown = '';
  for (const ch of text) shown = formatDateInput(shown + ch);
  return shown;
}

describe('formatDateInput', () => {
  it('inserts the slashes while 01011970 is typed', () => {
    expect(typeChars('01011970')).toBe('01/01/1970');
    expect(typeChars('0')).toBe('0');
    expect(typeChars('01')).toBe('01/');
    expect(typeChars('010')).toBe('01/0');
    expect(typeChars('0101')).toBe('01/01/');
    expect(typeChars('010119')).toBe('01/01/19');
  });

  it('formats 01011970 pasted at once', () => {
    expect(formatDateInput('01011970')).toBe('01/01/1970');
  });

  it('pads a day digit above 3 and a month digit above 1', () => {
    expect(formatDateInput('5')).toBe('05/');
    expect(typeChars('57')).toBe('05/07/');
    expect(typeChars('3')).toBe('3');
    expect(typeChars('121')).toBe('12/1');
    expect(typeChars('122')).toBe('12/02/');
  });

  it('keeps the day within 1-31 and the month within 1-12', () => {
    expect(typeChars('35')).toBe('3');
    expect(typeChars('31')).toBe('31/');
    expect(typeChars('00')).toBe('0');
    expect(typeChars('1013')).toBe('10/1');
    expect(typeChars('1012')).toBe('10/12/');
    expect(typeChars('1000')).toBe('10/0');
  });

  it('accepts only digits and slashes', () => {
    expect(formatDateInput('ab1-2.x03y1985')).toBe('12/03/1985');
    expect(formatDateInput('1a')).toBe('1');
    expect(formatDateInput('12-03-1985')).toBe('12/03/1985');
    expect(formatDateInput('abc')).toBe('');
  });

  it('pads a single digit followed by a typed slash and ignores stray slashes', () => {
    expect(formatDateInput('1/')).toBe('01/');
    expect(formatDateInput('1/2/1990')).toBe('01/02/1990');
    expect(formatDateInput('/')).toBe('');
    expect(formatDateInput('12//03')).toBe('12/03/');
    expect(formatDateInput('12/03/19/90')).toBe('12/03/1990');
  });

  it('takes a four-digit year and no more', () => {
    expect(formatDateInput('010119701')).toBe('01/01/1970');
    expect(formatDateInput('01/01/19701')).toBe('01/01/1970');
  });

  it('lets backspace remove an auto-inserted slash', () => {
    expect(formatDateInput('05', true)).toBe('05');
    expect(formatDateInput('05/1', true)).toBe('05/1');
    expect(formatDateInput('05/12', true)).toBe('05/12');
    expect(formatDateInput('05/', true)).toBe('05/');
  });
});

describe('toWireDate', () => {
  it('turns a complete real date into yyyy-mm-dd', () => {
    expect(toWireDate('01/01/1970')).toBe('1970-01-01');
    expect(toWireDate('29/02/2024')).toBe('2024-02-29');
  });

  it('rejects dates that are not on the calendar or not complete', () => {
    expect(toWireDate('31/02/1990')).toBeUndefined();
    expect(toWireDate('29/02/2023')).toBeUndefined();
    expect(toWireDate('31/04/2000')).toBeUndefined();
    expect(toWireDate('01/01/197')).toBeUndefined();
    expect(toWireDate('1/1/1970')).toBeUndefined();
  });
});

describe('dateInputValue and toDisplayDate', () => {
  it('emits undefined for empty, the wire date when complete, the typed text otherwise', () => {
    expect(dateInputValue('')).toBeUndefined();
    expect(dateInputValue('01/01/1970')).toBe('1970-01-01');
    expect(dateInputValue('01/01/19')).toBe('01/01/19');
    expect(dateInputValue('31/02/1990')).toBe('31/02/1990');
  });

  it('shows a wire date as dd/mm/yyyy and any other text as it is', () => {
    expect(toDisplayDate('1970-01-01')).toBe('01/01/1970');
    expect(toDisplayDate('01/01/19')).toBe('01/01/19');
    expect(toDisplayDate(undefined)).toBe('');
    expect(toDisplayDate(42)).toBe('');
  });
});
