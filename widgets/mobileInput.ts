/** The longest mobile number any calling code allows (E.164 less the country code). */
export const MOBILE_MAX_LENGTH = 15;

/**
 * The mobile number as the user may hold it: digits only, at most `maxLength` of them.
 * A pasted Indian number written with its trunk 0 ("098765 43210") or with the country code
 * ("+91 98765 43210") is reduced to the 10-digit national number when the field takes 10
 * digits, instead of being cut to a wrong number.
 */
export function sanitizeMobile(raw: string, maxLength: number = MOBILE_MAX_LENGTH): string {
  let digits = raw.replace(/\D/g, '');
  if (maxLength === 10 && digits.length > 10) {
    if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
    else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  }
  return digits.slice(0, Math.max(0, maxLength));
}

/** The maxLength the number input enforces: the resolved schema's, else the widest allowed. */
export function mobileMaxLength(schemaMaxLength: unknown): number {
  return typeof schemaMaxLength === 'number' && schemaMaxLength > 0
    ? Math.min(schemaMaxLength, MOBILE_MAX_LENGTH)
    : MOBILE_MAX_LENGTH;
}

/** How the closed dial-code control shows a calling code: "91" → "+91". */
export function dialCodeLabel(code: unknown): string {
  return typeof code === 'string' && code !== '' ? `+${code.replace(/^\+/, '')}` : '+';
}
