import { describe, expect, it } from 'vitest';
import { findUnsupportedInput, MAX_DEPTH } from '../../../../src/server/lib/unsupportedInput.ts';

function nested(depth: number, inner: unknown = 'x'): unknown {
  let value = inner;
  for (let i = 1; i < depth; i++) value = i % 2 ? [value] : { next: value };
  return [value];
}

describe('findUnsupportedInput', () => {
  it('passes ordinary bodies, emoji (well-formed surrogate pairs) and non-string values', () => {
    expect(findUnsupportedInput({ a: 'Ravi 😀', b: [1, true, null, { c: 'नमस्ते' }] })).toBeUndefined();
    expect(findUnsupportedInput('plain')).toBeUndefined();
    expect(findUnsupportedInput(undefined)).toBeUndefined();
  });

  it('names the dotted path of a NUL or lone surrogate in a value, and of a bad key', () => {
    expect(findUnsupportedInput({ a: { b: ['ok', 'x\u0000'] } })).toEqual({
      problem: 'characters',
      field: 'a.b.1',
    });
    expect(findUnsupportedInput({ a: '\ud83d' })).toEqual({ problem: 'characters', field: 'a' });
    expect(findUnsupportedInput({ a: '\ude00x' })).toEqual({ problem: 'characters', field: 'a' });
    expect(findUnsupportedInput({ a: { 'k\u0000': 1 } })).toEqual({
      problem: 'characters',
      field: 'a.k\ufffd',
    });
    expect(findUnsupportedInput('\u0000')).toEqual({ problem: 'characters', field: '' });
  });

  it(`allows ${MAX_DEPTH} levels and refuses one more, without recursing however deep the body is`, () => {
    expect(findUnsupportedInput(nested(MAX_DEPTH))).toBeUndefined();
    expect(findUnsupportedInput(nested(MAX_DEPTH + 1))).toEqual({ problem: 'depth' });
    expect(findUnsupportedInput(nested(200_000))).toEqual({ problem: 'depth' });
  });
});
