/** Reads a value from `root` by JSON Pointer (RFC 6901); undefined when any segment is missing. */
export function getByPointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  const segments = pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
