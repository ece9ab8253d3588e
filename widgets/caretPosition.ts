/**
 * Caret bookkeeping for inputs that reformat as you type (amount grouping, date slashes):
 * the caret is remembered as "after the n-th significant character" and put back after
 * the n-th one in the reformatted text, so editing in the middle does not jump to the end.
 */
export function countSignificant(text: string, end: number, significant: RegExp = /\d/): number {
  let count = 0;
  for (let i = 0; i < Math.min(end, text.length); i += 1) if (significant.test(text[i]!)) count += 1;
  return count;
}

/** The caret offset in `text` right after its `count`-th significant character. */
export function caretAfterSignificant(text: string, count: number, significant: RegExp = /\d/): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (significant.test(text[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
}
