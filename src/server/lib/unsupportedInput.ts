/**
 * What no request body may carry, whatever its route: a NUL character or a lone UTF-16
 * surrogate in any string or key (PostgreSQL text and JSONB refuse both), or nesting deeper
 * than MAX_DEPTH (recursive code further on, JSON.stringify included, would overflow).
 */
export const MAX_DEPTH = 32;

export const UNSUPPORTED_CHARACTERS_MESSAGE = 'Please remove unsupported characters.';
export const TOO_DEEP_MESSAGE = 'The request is too deeply nested.';

export type UnsupportedInput = { problem: 'characters'; field: string } | { problem: 'depth' };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsupportedCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** A path segment fit to echo back: the offending characters replaced by U+FFFD. */
function printable(segment: string): string {
  let out = '';
  for (const char of segment) out += hasUnsupportedCharacters(char) ? '\ufffd' : char;
  return out;
}

const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);

/**
 * Whether a value (at `depth`) holds nothing findUnsupportedInput would name: the same
 * checks, without building a path for every field. Recursion stops at MAX_DEPTH.
 */
function isSupported(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !hasUnsupportedCharacters(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth + 1 > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!isSupported(value[index], depth + 1)) return false;
    }
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (hasUnsupportedCharacters(key) || !isSupported(record[key], depth + 1)) return false;
  }
  return true;
}

/**
 * Walks a parsed body once, without recursion, and names the first problem: the dotted
 * path (`Eterm_CRM_Lead_Req.comments`, `data.0.phone`) of a string or key with unsupported
 * characters, or that the body nests too deeply. The body itself is depth 1. Every body is
 * asked, and almost all are fine: a quick pass says so before any path is built.
 */
export function findUnsupportedInput(body: unknown): UnsupportedInput | undefined {
  if (isSupported(body, 0)) return undefined;
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasUnsupportedCharacters(value)) return { problem: 'characters', field: path };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_DEPTH) return { problem: 'depth' };
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], path: join(path, String(index)), depth: depth + 1 });
      }
      continue;
    }
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      if (hasUnsupportedCharacters(key)) return { problem: 'characters', field: join(path, printable(key)) };
      pending.push({ value: child, path: join(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}
