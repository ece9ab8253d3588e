import { performance } from 'node:perf_hooks';
import mortalityJson from '../schemas/common/mortality/ialm-2012-14.json';
import type { Calculator } from '../src/pricing/calculator.ts';
import { calculatorFor } from '../src/pricing/calculators.ts';
import { planExample, type PlanExampleInputs } from '../src/pricing/planExample.ts';
import { readPlanFile } from '../src/plans/nodePlanSource.ts';

const i02 = readPlanFile('I02', 'pricing-basis.json');
const t54 = readPlanFile('T54', 'pricing-basis.json');
const t62 = readPlanFile('T62', 'pricing-basis.json');
const t64 = readPlanFile('T64', 'pricing-basis.json');

/*
 * npx tsx bench/pricing.ts — what one quote costs through the Calculator interface (the
 * plan-details screen quotes on every change; the server quotes once per request): quotes a
 * second and p50/p99 per calculator and option, rows and illustration built each time.
 */
const ITERATIONS = 2000;
const tables = { mortality: mortalityJson };
const on = '2026-01-15';

const annuityPlan = (AnnuityOption: string, AnnuityFor = 'Single Life') => ({
  InstallmentPremiumAmount: 200000,
  PremiumFrequency: 'Yearly',
  PremiumPayingTerm: 10,
  AnnuityFrequency: 'Monthly',
  AnnuityOption,
  AnnuityFor,
});
const male = (age: number) => ({ age, gender: 'Male' });
const wife = { age: 50, gender: 'Female' };

const cases: [string, { calculator: string }, PlanExampleInputs][] = [
  ...['T54A', 'T54B', 'T54C', 'T54D', 'T54E'].map(
    (option): [string, { calculator: string }, PlanExampleInputs] => [
      option,
      t54,
      { life: male(55), proposalDate: on, online: true, plan: annuityPlan(option) },
    ],
  ),
  [
    'T54C joint',
    t54,
    {
      life: male(55),
      secondLife: wife,
      proposalDate: on,
      online: true,
      plan: annuityPlan('T54C', 'Joint Life'),
    },
  ],
  [
    'T64 to 99',
    t64,
    {
      life: { ...male(30), smoker: true },
      proposalDate: on,
      online: true,
      plan: {
        SumAssured: 10000000,
        PolicyTerm: 'To Age 99',
        PremiumPayingTerm: 'Regular',
        PremiumFrequency: 'Monthly',
        DeathBenefitOption: 'LSI',
      },
    },
  ],
  [
    'T62 15/25',
    t62,
    {
      life: male(35),
      proposalDate: on,
      online: true,
      plan: {
        InstallmentPremiumAmount: 100000,
        PremiumFrequency: 'Yearly',
        PremiumPayingTerm: 15,
        PolicyTerm: 25,
      },
    },
  ],
  ['I02 LROPCI', i02, { life: male(45), proposalDate: on, online: true, plan: annuityPlan('LROPCI') }],
  [
    'I02 JL50',
    i02,
    {
      life: male(45),
      secondLife: wife,
      proposalDate: on,
      online: true,
      plan: annuityPlan('JL50', 'Joint Life'),
    },
  ],
];

for (const [name, basis, inputs] of cases) {
  const calculator = calculatorFor(basis.calculator) as Calculator<unknown>;
  for (let i = 0; i < 200; i++) planExample(calculator, basis, tables, inputs);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    planExample(calculator, basis, tables, inputs);
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
