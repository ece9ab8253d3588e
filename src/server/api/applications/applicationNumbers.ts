import { randomInt } from 'node:crypto';

/**
 * The two numbers of an application. The application number (10 digits starting 6 to 9)
 * is also the Quote ID of the resume popup; the proposal number (plan code plus 8 digits,
 * 11 characters) is the "application number" of that popup (spec 02 §5.5, §9). Both are
 * random, so neither can be guessed from another; the database's unique keys catch the
 * rare collision and the caller draws again.
 */
export const APPLICATION_NUMBER_PATTERN = '^[6-9][0-9]{9}$';
export const PROPOSAL_NUMBER_PATTERN = '^[A-Za-z0-9]{1,11}$';

export function newApplicationNumber(): string {
  return String(randomInt(6_000_000_000, 10_000_000_000));
}

export function newProposalNumber(planCode: string): string {
  return `${planCode.toUpperCase()}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
