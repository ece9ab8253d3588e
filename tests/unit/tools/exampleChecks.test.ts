import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, lines } from './planFolder.ts';

/*
 * The landing page's 'Visualize your plan' (content.json /landing/visualize) states figures
 * for the inputs it names; plans:validate prices those inputs with the plan's calculator and
 * refuses a figure the calculator does not give (tools/lib/exampleChecks.ts), naming it.
 */

const at = (field: string) => `plans/T54/content.json /landing/visualize/${field}`;

describe('plans:validate the landing example', () => {
  it('passes T54 as written: its example is what the calculator gives', () => {
    const problems = checkCopiedPlan(() => {});
    expect(lines(problems)).toEqual([]);
  });

  it('fails a pension a year the calculator does not give, naming the figure and the right one', () => {
    let stated = 0;
    const problems = checkCopiedPlan((plan) =>
      plan.edit('content.json', (content) => {
        stated = content.landing.visualize.payoutPerYear;
        content.landing.visualize.payoutPerYear = stated + 1;
      }),
    );
    expect(stated).toBe(171746);
    expect(lines(problems)).toEqual([
      `${at('payoutPerYear')}: says 1,71,747, but deferredAnnuity gives 1,71,746 (the pension in a year) for the inputs stated here. Write the calculator's figure.`,
    ]);
  });

  it('fails a death benefit the calculator does not give at the age stated', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('content.json', (content) => {
        content.landing.visualize.lumpSum = 2500000;
      }),
    );
    expect(lines(problems)).toEqual([
      `${at('lumpSum')}: says 25,00,000, but deferredAnnuity gives 20,00,000 (paid on death at age 75) for the inputs stated here. Write the calculator's figure.`,
    ]);
  });

  it('fails every figure left as it was when an input of the example changes', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('content.json', (content) => {
        content.landing.visualize.premiumYears = 5;
      }),
    );
    expect(lines(problems)).toEqual([
      `${at('payoutPerYear')}: says 1,71,746, but deferredAnnuity gives 68,063 (the pension in a year) for the inputs stated here. Write the calculator's figure.`,
      `${at('payoutFromAge')}: says 66, but deferredAnnuity gives 61 (the age of the first pension) for the inputs stated here. Write the calculator's figure.`,
      `${at('lumpSum')}: says 20,00,000, but deferredAnnuity gives 10,00,000 (paid on death at age 75) for the inputs stated here. Write the calculator's figure.`,
    ]);
  });
});
