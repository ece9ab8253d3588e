import { randomInt } from 'node:crypto';

/**
 * A quote number is 'Q' and 10 random digits: it cannot be mistaken for an application
 * number (10 digits) or a proposal number (plan code and 8 digits), and cannot be guessed
 * from another. The primary key catches the rare collision and the caller draws again.
 */
export const QUOTE_NUMBER_PATTERN = '^Q[0-9]{10}$';

export function newQuoteNumber(): string {
  return `Q${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}
