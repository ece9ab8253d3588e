/** Mail domains suggested after '@' (spec 01 §5 "Rules"), most used by Indian customers first. */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.co.in',
  'outlook.com',
  'hotmail.com',
  'rediffmail.com',
  'icloud.com',
] as const;

export const EMAIL_MAX_LENGTH = 50;

/**
 * Completed addresses to offer for what has been typed: none until there is a local part
 * and exactly one '@'; then every common domain that starts with the text after '@'
 * (ignoring case), except one already typed in full. The local part is kept exactly as typed.
 */
export function emailSuggestions(
  typed: string,
  domains: readonly string[] = COMMON_EMAIL_DOMAINS,
  maxLength: number = EMAIL_MAX_LENGTH,
): string[] {
  const at = typed.indexOf('@');
  if (at <= 0 || typed.indexOf('@', at + 1) !== -1) return [];
  const local = typed.slice(0, at);
  const domainTyped = typed.slice(at + 1).toLowerCase();
  if (/\s/.test(typed)) return [];
  return domains
    .filter((domain) => domain.startsWith(domainTyped) && domain !== domainTyped)
    .map((domain) => `${local}@${domain}`)
    .filter((address) => address.length <= maxLength);
}
