/**
 * India Post's upper-case names as people write them: 'MADHYA PRADESH' → 'Madhya Pradesh',
 * 'ANDAMAN & NICOBAR ISLANDS' → 'Andaman & Nicobar Islands', 'K.V.RANGAREDDY' →
 * 'K.V.Rangareddy'. A word starts after a space, hyphen, dot, slash, '&' or '('; a
 * two-letter state code in brackets stays a code ('HAMIRPUR(HP)' → 'Hamirpur(HP)').
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s\-./&(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\((\p{L}{2})\)/gu, (_, code: string) => `(${code.toUpperCase()})`);
}
