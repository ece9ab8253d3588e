import { describe, expect, it } from 'vitest';
import {
  emptyToUndefined,
  finalizeText,
  formatName,
  formatTextInput,
  textMaxLength,
} from '../../../widgets/textInput.ts';

describe('formatName', () => {
  it('title-cases, strips non-letters and collapses spaces', () => {
    expect(formatName('  rAMESH   kumar1 ')).toBe('Ramesh Kumar ');
    expect(formatName('anita desai')).toBe('Anita Desai');
    expect(formatName("o'brien-smith")).toBe('Obriensmith');
    expect(formatName('r2d2')).toBe('Rd');
    expect(formatName('   ')).toBe('');
  });

  it('keeps a single trailing space while typing and drops it when the field is left', () => {
    expect(formatName('ramesh ')).toBe('Ramesh ');
    expect(finalizeText('Ramesh Kumar ', 'name')).toBe('Ramesh Kumar');
    expect(finalizeText('AB ', undefined)).toBe('AB ');
  });
});

describe('formatTextInput', () => {
  it('applies upper and digits formats', () => {
    expect(formatTextInput('ab12cd', 'upper', 50)).toBe('AB12CD');
    expect(formatTextInput('a1b2 3', 'digits', 50)).toBe('123');
    expect(formatTextInput('As Typed 1', undefined, 50)).toBe('As Typed 1');
  });

  it('cuts to maxLength after formatting', () => {
    expect(formatTextInput('abcdef', undefined, 3)).toBe('abc');
    expect(formatTextInput('a1b2c3d4', 'digits', 3)).toBe('123');
    expect(formatTextInput('x'.repeat(60), 'name', 50)).toHaveLength(50);
  });
});

describe('textMaxLength and emptyToUndefined', () => {
  it('prefers ui:options, then the schema, then 50', () => {
    expect(textMaxLength(20, 30)).toBe(20);
    expect(textMaxLength(undefined, 30)).toBe(30);
    expect(textMaxLength(undefined, undefined)).toBe(50);
    expect(textMaxLength('20', undefined)).toBe(50);
  });

  it('turns an empty string into undefined only', () => {
    expect(emptyToUndefined('')).toBeUndefined();
    expect(emptyToUndefined(' ')).toBe(' ');
  });
});
