/*
 * What the browser build gives @rjsf/utils for `fast-uri` (vite.config.ts): the two calls RJSF
 * makes (`resolve` and `equal`, in findSchemaDefinition and createSchemaUtils, for draft
 * 2020-12 schemas with `$id`s), answered by the platform's WHATWG URL instead of 23 KB of URI
 * library on a phone's first download. Only RJSF's import is redirected; ajv, on the server and
 * in the tools, keeps fast-uri. Our schemas are draft-07 with absolute https `$id`s, where the two
 * agree (tests/unit/engine/uriResolver.test.ts); they part only on opaque bases such as `urn:`
 * and on escapes of unreserved characters (`%7E`), which no plan uses.
 */

function isAbsolute(uri: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri)) return false;
  try {
    new URL(uri); // URL.canParse is newer than the phones we serve (iOS 16)
    return true;
  } catch {
    return false;
  }
}

/** `relative` resolved against `base` (RFC 3986 §5.2), as fast-uri's resolve answers it. */
function resolve(base: string, relative: string): string {
  if (isAbsolute(base)) return new URL(relative, base).href;
  if (isAbsolute(relative)) return new URL(relative).href;
  // A base that is itself relative (RJSF passes '#' for a schema without $id): only a
  // fragment can be resolved against it without knowing where the document lives.
  return relative.startsWith('#') ? base.replace(/#.*$/, '') + relative : relative;
}

/** Whether two URIs name the same resource once normalised (case of scheme and host, dot segments). */
function equal(a: string, b: string): boolean {
  const normal = (uri: string) => (isAbsolute(uri) ? new URL(uri).href : uri);
  return normal(a) === normal(b);
}

export default { resolve, equal };
