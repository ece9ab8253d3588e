import { walk } from './factTemplates.ts';

/** A JSON Pointer segment: '~' and '/' escaped. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON Pointer's segments, unescaped ('' and '/' are the whole document). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' || pointer === '/'
    ? []
    : pointer
        .replace(/^\//, '')
        .split('/')
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a JSON Pointer; in an array a segment may also name an item by its id, value or code. */
export function atPointer(value: unknown, pointer: string): unknown {
  return walk(value, pointerSegments(pointer));
}
