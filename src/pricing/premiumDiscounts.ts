import type { FlagAdjustment } from './planBasis.ts';

export interface AppliedDiscount extends FlagAdjustment {
  /** Whole rupees taken off. */
  amount: number;
}

/**
 * The basis's discounts that the request's flags switch on, in the basis's order, each a
 * percentage of what is left after the ones before it (10% online then 10% staff: 81% of the
 * base, not 80%). Each amount is rounded to the rupee, so the rows add up exactly.
 */
export function applyDiscounts(
  base: number,
  discounts: FlagAdjustment[],
  flags: { online: boolean; staff: boolean },
): { net: number; applied: AppliedDiscount[] } {
  let net = base;
  const applied: AppliedDiscount[] = [];
  for (const discount of discounts) {
    if (!flags[discount.when]) continue;
    const amount = Math.round((net * discount.percent) / 100);
    net -= amount;
    applied.push({ ...discount, amount });
  }
  return { net, applied };
}
