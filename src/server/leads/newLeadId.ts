import { randomInt } from 'node:crypto';

/** A lead id as the CRM hands them out: 'LD' and 10 random digits. Uniqueness is the table's job. */
export function newLeadId(): string {
  return `LD${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

export const LEAD_ID_PATTERN = /^LD[0-9]{10}$/;
