import { describe, expect, it } from 'vitest';
import {
  keptApplications,
  PREVIOUS_QUOTES_LIMIT,
  previousApplicationNumber,
  readPreviousQuotes,
  rememberQuote,
} from '../../../src/journey/previousQuotes.ts';
import { memoryStorage } from '../support/memoryStorage.ts';

const quote = (applicationNumber: string, capability?: string) => ({
  applicationNumber,
  capability,
  savedAt: '2025-03-01T10:00:00.000Z',
  previousQuoteData: {},
  basicDetails: { policyHolder: {}, insuredPerson: {} },
});

describe('Previous quotes as kept applications', () => {
  it('finds the capability the device kept for a Quote ID of this product', () => {
    const storage = memoryStorage();
    rememberQuote(storage, 'T54', quote('6111111111', 'cap-1'));
    rememberQuote(storage, 'T54', quote('7222222222'));
    const kept = keptApplications(storage);
    expect(kept.capabilityFor('T54', '6111111111')).toBe('cap-1');
    expect(kept.capabilityFor('T54', '7222222222')).toBeUndefined();
    expect(kept.capabilityFor('T54', '8333333333')).toBeUndefined();
    expect(kept.capabilityFor('T56', '6111111111')).toBeUndefined();
  });

  it('remembers a resumed application first, with its new capability and holder, once', () => {
    const storage = memoryStorage();
    rememberQuote(storage, 'T54', quote('6111111111', 'cap-old'));
    rememberQuote(storage, 'T54', quote('7222222222', 'cap-2'));
    const kept = keptApplications(storage);
    const policyHolder = { fullName: 'Ramesh Sharma', dateOfBirth: '1968-04-12' };
    kept.remember('T54', { applicationNumber: '6111111111', basicDetails: { policyHolder } }, 'cap-new');
    const quotes = readPreviousQuotes(storage, 'T54');
    expect(quotes.map((q) => [q.applicationNumber, q.capability])).toEqual([
      ['6111111111', 'cap-new'],
      ['7222222222', 'cap-2'],
    ]);
    expect(quotes[0]!.basicDetails).toEqual({ policyHolder, insuredPerson: {} });
    expect(previousApplicationNumber(storage, 'T54')).toBe('6111111111');
  });

  it('keeps at most the limit and ignores a saved state without an application number', () => {
    const storage = memoryStorage();
    const kept = keptApplications(storage);
    kept.remember('T54', {}, 'cap');
    expect(readPreviousQuotes(storage, 'T54')).toEqual([]);
    for (let n = 0; n < PREVIOUS_QUOTES_LIMIT + 2; n += 1)
      kept.remember('T54', { applicationNumber: `600000000${n}` }, `c${n}`);
    expect(readPreviousQuotes(storage, 'T54')).toHaveLength(PREVIOUS_QUOTES_LIMIT);
  });
});
