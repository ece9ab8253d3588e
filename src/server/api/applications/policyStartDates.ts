/**
 * The policy start dates of applications this instance has created or read. An
 * application's start date is fixed when it is created and never changes, so a quote can
 * be priced at it without reading the application first; the write that stores the quote
 * still checks it (quoteRepository.insertForApplication), so a date remembered wrongly
 * costs a read, never a wrong quote. Bounded: the oldest entries are forgotten first.
 */
export interface PolicyStartDates {
  get(applicationNumber: string): string | undefined;
  remember(applicationNumber: string, policyStartDate: string | null): void;
}

const LIMIT = 10_000;

export function createPolicyStartDates(limit = LIMIT): PolicyStartDates {
  const dates = new Map<string, string>();
  return {
    get: (applicationNumber) => dates.get(applicationNumber),
    remember(applicationNumber, policyStartDate) {
      if (policyStartDate === null || dates.get(applicationNumber) === policyStartDate) return;
      dates.delete(applicationNumber);
      if (dates.size >= limit) dates.delete(dates.keys().next().value!);
      dates.set(applicationNumber, policyStartDate);
    },
  };
}
