/** A return of premiums while the annuitant is alive: a share of premiums every few years, up to a total. */
export interface SurvivalReturns {
  percentOfPremiumsPaid: number;
  everyYears: number;
  maxPercentOfPremiumsPaid: number;
}

/**
 * What is returned in annuity year k (1-based) of a policy whose premiums total
 * `totalPremiumPayable`: the share every `everyYears` years, the last one cut so the returns
 * never exceed the maximum; nothing in other years or without survival returns.
 */
export function survivalReturnAt(
  survivalReturns: SurvivalReturns | undefined,
  totalPremiumPayable: number,
): (k: number) => number {
  return (k) => {
    if (!survivalReturns || k % survivalReturns.everyYears !== 0) return 0;
    const paidBefore = (k / survivalReturns.everyYears - 1) * survivalReturns.percentOfPremiumsPaid;
    const percent = Math.min(
      survivalReturns.percentOfPremiumsPaid,
      survivalReturns.maxPercentOfPremiumsPaid - paidBefore,
    );
    return (Math.max(0, percent) / 100) * totalPremiumPayable;
  };
}
