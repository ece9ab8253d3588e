/** The longest file name kept; longer ones keep their end (the extension) and lose their start. */
const MAX_NAME_LENGTH = 200;

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
/** A UTF-16 surrogate without its other half (no text column or header may carry one). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A file name fit to store and show: the last part of a path, without control characters,
 * trimmed and at most MAX_NAME_LENGTH characters; 'document' when nothing is left.
 */
export function storedName(sent: string): string {
  const base = sent.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd').trim();
  const chars = [...clean];
  const kept = chars.length > MAX_NAME_LENGTH ? chars.slice(-MAX_NAME_LENGTH).join('') : clean;
  return kept || 'document';
}

/** RFC 5987 percent-encoding: what encodeURIComponent leaves, less the characters it may not hold. */
function extendedValue(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: inline` naming the file: a plain ASCII `filename` (quotes,
 * backslashes and anything outside printable ASCII replaced by '_') for old browsers, and
 * the exact name as UTF-8 in `filename*` (RFC 6266), so no name can break the header.
 */
export function inlineDisposition(name: string): string {
  const kept = storedName(name);
  const ascii = kept.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${extendedValue(kept)}`;
}
