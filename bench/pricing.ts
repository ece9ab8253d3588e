import { performance } from 'node:perf_hooks';
import mortalityJson from '../schemas/common/mortality/ialm-2012-14.json';
import basisJson from '../schemas/plans/T54/pricing-basis.json';
import type { T54Basis } from '../src/pricing/t54Basis.ts';
import { quoteT54 } from '../src/pricing/t54Calculator.ts';
import type { T54QuoteInput } from '../src/pricing/t54Quote.ts';

/*
 * npx tsx bench/pricing.ts — what one T54 quote costs (the plan-details screen quotes on
 * every change; the server quotes once per request): quotes a second and p50/p99 per
 * option, single and joint life, with the full illustration schedule built each time.
 */
const basis = basisJson as unknown as T54Basis;
const ITERATIONS = 3000;

const cases: [string, T54QuoteInput][] = ['T54A', 'T54B', 'T54C', 'T54D', 'T54E'].map((planOption) => [
  planOption,
  {
    life: { age: 55, gender: 'Male' },
    installmentPremium: 200000,
    premiumFrequency: 'Yearly',
    premiumPayingTerm: 10,
    annuityFrequency: 'Monthly',
    planOption,
    online: true,
    proposalDate: '2026-01-15',
  },
]);
cases.push(['T54C joint', { ...cases[2]![1], secondLife: { age: 50, gender: 'Female' } }]);

for (const [name, input] of cases) {
  for (let i = 0; i < 200; i++) quoteT54(input, basis, mortalityJson);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    quoteT54(input, basis, mortalityJson);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  console.log(
    `${name.padEnd(11)} ${Math.round((ITERATIONS / total) * 1000)
      .toString()
      .padStart(6)} quotes/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms`,
  );
}
