/** A mobile number as the resume list shows it: first and last two digits, the rest X ('98XXXXXX10'). */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 4) return 'X'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'X'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}
