/** A premium paid at the start of month `month` (0 = the policy's first day). */
export interface Payment {
  month: number;
  amount: number;
}

/**
 * The net yield: the effective annual rate r at which the premiums, accumulated to maturity,
 * equal the maturity fund value — Σ Pⱼ (1 + r)^((N − mⱼ) / 12) = F, N the policy term in
 * months. The left side rises with r, so r is found by bisection (to 1e-10), each trial summed
 * month by month (Horner's rule in x = (1 + r)^(1/12), no power per premium). Percent a year,
 * unrounded; undefined when nothing was paid or nothing is left.
 */
export function netYieldPercent(
  payments: Payment[],
  months: number,
  maturityValue: number,
): number | undefined {
  if (!payments.length || !(maturityValue > 0)) return undefined;
  const byMonth = new Float64Array(months);
  for (const p of payments) byMonth[p.month] = (byMonth[p.month] ?? 0) + p.amount;
  const accumulated = (r: number) => {
    const x = (1 + r) ** (1 / 12);
    let total = 0;
    for (let m = 0; m < months; m++) total = (total + byMonth[m]!) * x;
    return total;
  };
  let low = -0.99;
  let high = 1;
  while (accumulated(high) < maturityValue) high *= 2;
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (accumulated(mid) < maturityValue) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 100;
}

/** A yield as shown: percent to 2 decimal places. */
export function yieldShown(percent: number): number {
  return Math.round(percent * 100) / 100;
}
