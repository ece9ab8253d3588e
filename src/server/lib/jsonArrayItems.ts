import { createReadStream } from 'node:fs';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** JSON's whitespace: space, tab, line feed, carriage return. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The items of a file holding one JSON array of objects (or arrays), parsed one at a time as the
 * file is read in chunks: only the item being read and the chunk it is in are held, never the
 * whole document. Strings may hold any character, braces and escaped quotes included. A document
 * that is not an array, an item that is not an object or array, or a truncated file is an error.
 */
export async function* jsonArrayItems(path: string, chunkBytes = 64 * 1024): AsyncGenerator<unknown> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: chunkBytes });
  /** 0 before the array, 1 between its items, 2 or more inside an item. */
  let depth = 0;
  let inString = false;
  let escaped = false;
  let ended = false;
  /** The current item's text from chunks before this one. */
  let carried = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      /** Where the current item starts in this chunk (0 when it began in an earlier one). */
      let start = depth >= 2 ? 0 : -1;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
          continue;
        }
        if (isSpace(c)) continue;
        if (ended) throw new Error(`${path}: text after the end of the array`);
        if (depth === 0) {
          if (c !== OPEN_BRACKET) throw new Error(`${path}: not a JSON array`);
          depth = 1;
        } else if (c === QUOTE) {
          if (depth === 1) throw new Error(`${path}: an item of the array is not an object`);
          inString = true;
        } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (++depth === 2) start = i;
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          if (depth === 1 && c === CLOSE_BRACE) throw new Error(`${path}: not a JSON array`);
          if (--depth === 1) {
            yield JSON.parse(carried + chunk.slice(start, i + 1));
            carried = '';
            start = -1;
          } else if (depth === 0) {
            ended = true;
          }
        } else if (depth === 1 && c !== COMMA) {
          throw new Error(`${path}: an item of the array is not an object`);
        }
      }
      if (depth >= 2) carried += chunk.slice(start);
    }
  } finally {
    stream.destroy();
  }
  if (!ended) throw new Error(`${path}: the array is not closed (a truncated file?)`);
}
