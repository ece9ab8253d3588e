import SHA256 from 'crypto-js/sha256.js';

/** A plan's Terms & Conditions as its content file has them (content.json `termsAndConditions`). */
export interface TermsWording {
  title: string;
  paragraphs: readonly unknown[];
  checkboxLabel?: string;
}

/**
 * The version of a Terms & Conditions wording: the first 16 hex digits of the SHA-256 of its
 * text. The browser sends the version it showed with its acceptance; the server records it
 * with the time, and refuses an acceptance of a wording that is no longer the plan's.
 */
export function termsVersion(terms: TermsWording): string {
  const text = JSON.stringify([terms.title, terms.paragraphs, terms.checkboxLabel ?? '']);
  return SHA256(text).toString().slice(0, 16);
}
