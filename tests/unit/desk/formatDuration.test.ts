import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../src/desk/formatDuration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45_400, '45 s'],
    [59_600, '1 min 00 s'],
    [65_000, '1 min 05 s'],
    [754_000, '12 min 34 s'],
    [3_720_000, '1 h 02 min'],
  ])('%i ms reads %s', (ms, words) => {
    expect(formatDuration(ms)).toBe(words);
  });

  it('says when there is no figure', () => {
    expect(formatDuration(null)).toBe('no data');
    expect(formatDuration(undefined)).toBe('no data');
    expect(formatDuration(-1)).toBe('no data');
  });
});
