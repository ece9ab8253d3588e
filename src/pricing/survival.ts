/**
 * The survival of a policy's status year by year: one life, or the last survivor of two
 * independent lives. `alive[t]` is the probability the status is in force at the start of
 * policy year t (alive[0] = 1); the status leaves in year t with probability
 * alive[t] − alive[t + 1]. The curve runs until every life has reached q = 1.
 */
export interface SurvivalCurve {
  alive: number[];
}

/** Probability of exit (death, or any other decrement in the rates) in policy year t. */
export function exitIn(curve: SurvivalCurve, t: number): number {
  return (curve.alive[t] ?? 0) - (curve.alive[t + 1] ?? 0);
}

/**
 * `rates[j](t)` is life j's probability of leaving in policy year t (capped at 1). The
 * status survives while at least one life does.
 */
export function lastSurvivorCurve(rates: ((t: number) => number)[], maxYears = 200): SurvivalCurve {
  const lives = rates.map(() => 1);
  const alive = [1];
  for (let t = 0; t < maxYears && lives.some((p) => p > 0); t++) {
    let allGone = 1;
    lives.forEach((p, j) => {
      const next = p * (1 - Math.min(1, rates[j]!(t)));
      lives[j] = next;
      allGone *= 1 - next;
    });
    alive.push(1 - allGone);
  }
  return { alive };
}
