import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { figuresIn } from '../../../tools/lib/factCopyChecks.ts';
import { checkCopiedPlan, located, type Json, type PlanFolder } from './planFolder.ts';

/*
 * A figure in a plan's copy that restates a fact of plan.json or of the pricing basis is
 * written as the fact ({{basis.sumAssured.min|lakh}}), so changing the fact changes the copy;
 * plans:validate stops copy that writes such a figure as a number (tools/lib/factCopyChecks.ts),
 * at the file, line and pointer that write it, with the template to write instead.
 */

/** The fact check's problems of a plan copied and changed by `edit`, as plans:validate prints them. */
function factCopyProblems(edit: (plan: PlanFolder) => void, code = 'T64') {
  return located(checkCopiedPlan(edit, code)).filter((line) => line.includes('when the fact changes'));
}

/** Edits a shared file of the copy (schemas/common/…), as JSON written a value a line. */
function editCommon(plan: PlanFolder, path: string, change: (data: Json) => void): void {
  const file = join(plan.root, 'common', path);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  change(data);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

function lineIn(plan: PlanFolder, path: string, text: string): number {
  const index = readFileSync(join(plan.root, path), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${path} has no line with ${text}`);
  return index + 1;
}

const RAISED = 3000000;

describe('copy quotes the facts it restates', () => {
  it('raising T64’s minimum sum assured in its basis alone changes every figure of it in the copy', () => {
    let composed: Json;
    const problems = factCopyProblems((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.sumAssured.min = RAISED;
      });
      composed = readPlanFiles('T64', plan.root)['content.json'];
    });
    expect(problems).toEqual([]);
    expect(composed.landing.benefitCards[0].body).toMatch(
      /^Cover from ₹ 30 lakh to ₹ 20 crore for a premium/,
    );
    const cover = composed.helpCenter.questions.find((q: Json) => q.question === 'How much cover can I buy?');
    expect(cover.answer).toBe(
      'From ₹ 30,00,000 to ₹ 20,00,00,000, in multiples of 1,00,000, for 10 to 40 years or until age 99.',
    );
    // Composes and checks every plan twice: slow on a busy machine.
  }, 30_000);

  it('an analyst who raises it and writes the new figure into the copy by hand is sent to the line, with the fix', () => {
    const lines: number[] = [];
    const problems = factCopyProblems((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.sumAssured.min = RAISED;
      });
      plan.edit('content.json', (content) => {
        content.landing.benefitCards[0].body =
          'Cover from ₹ 30 lakh to ₹ 20 crore for a premium that stays level for the whole policy term.';
        content.helpCenter.questions[1].answer =
          'From ₹ 30,00,000 to ₹ 20,00,00,000, in multiples of 1,00,000, for 10 to 40 years or until age 99.';
      });
      lines.push(
        plan.lineOf('content.json', 'Cover from ₹ 30 lakh'),
        plan.lineOf('content.json', 'From ₹ 30,00,000'),
      );
    });
    expect(problems).toEqual([
      `plans/T64/content.json:${lines[0]} /landing/benefitCards/0/body: writes 30 lakh (basis.sumAssured.min) and 20 crore (basis.sumAssured.max) as figures: when the fact changes, this copy keeps the old figure. Write {{basis.sumAssured.min|lakh}} for 30 lakh and {{basis.sumAssured.max|lakh}} for 20 crore (docs/design/composed-plans.md)`,
      `plans/T64/content.json:${lines[1]} /helpCenter/questions/1/answer: writes 30,00,000 (basis.sumAssured.min), 20,00,00,000 (basis.sumAssured.max), 1,00,000 (basis.sumAssured.multipleOf), 10 (basis.policyTerm.minYears or basis.premiumPayingTerm.limitedYears.1), 40 (basis.policyTerm.maxYears) and 99 (basis.ages.maxCoverAge) as figures: when the fact changes, this copy keeps the old figure. Write {{basis.sumAssured.min|inr}} for 30,00,000, {{basis.sumAssured.max|inr}} for 20,00,00,000, {{basis.sumAssured.multipleOf|inr}} for 1,00,000, {{basis.policyTerm.minYears}} for 10, {{basis.policyTerm.maxYears}} for 40 and {{basis.ages.maxCoverAge}} for 99 (docs/design/composed-plans.md)`,
    ]);
  });

  it('copy written as it was before its figures were facts fails until they are', () => {
    let line = 0;
    const problems = factCopyProblems((plan) => {
      plan.edit('content.json', (content) => {
        content.landing.benefitCards[1].title = 'Cover up to age 99';
        content.landing.benefitCards[3].body =
          'Pay throughout the policy term, or finish paying in 5, 10 or 15 years.';
      });
      line = plan.lineOf('content.json', 'Cover up to age 99');
    });
    expect(problems).toEqual([
      `plans/T64/content.json:${line} /landing/benefitCards/1/title: writes 99 (basis.ages.maxCoverAge) as a figure: when the fact changes, this copy keeps the old figure. Write {{basis.ages.maxCoverAge}} for 99 (docs/design/composed-plans.md)`,
      expect.stringMatching(
        /^plans\/T64\/content\.json:\d+ \/landing\/benefitCards\/3\/body: writes 5 \(basis\.premiumPayingTerm\.limitedYears\.0\), 10 \(.*\) and 15 \(basis\.premiumPayingTerm\.limitedYears\.2\) as figures: .* Write \{\{basis\.premiumPayingTerm\.limitedYears\.0\}\} for 5, /,
      ),
    ]);
  });

  it('a figure in a shared sentence is reported where the sentence is written, for the plan whose fact it is', () => {
    let line = 0;
    const problems = factCopyProblems((plan) => {
      editCommon(plan, 'content-parts.json', (parts) => {
        parts.benefitCards.lockIn.title = 'Lock-in of 5 years';
      });
      line = lineIn(plan, 'common/content-parts.json', 'Lock-in of 5 years');
    }, 'U27');
    expect(problems).toEqual([
      `common/content-parts.json:${line} /benefitCards/lockIn/title: writes 5 (basis.discontinuance.lockInYears or basis.terms.premiumPayingTerm.limited.0) as a figure: when the fact changes, this copy keeps the old figure. Write {{basis.discontinuance.lockInYears}} for 5 (docs/design/composed-plans.md) (in the composed plans/U27/content.json /landing/benefitCards/3/title)`,
    ]);
  });

  it('the basis’s own wording that copy shows quotes the facts of what it describes', () => {
    let line = 0;
    const problems = factCopyProblems((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.investment.strategies[0].description =
          'Equity 1 and Debt 1, moving towards debt as your dreams come closer: 80% equity below 35, 65% from 35, 50% from 45, 30% from 55.';
      });
      line = plan.lineOf('pricing-basis.json', '80% equity below 35');
    }, 'T74');
    expect(problems).toHaveLength(1);
    const band = (i: number, fund: string) =>
      `basis.investment.strategies.lifeStage.allocationByAttainedAge.${i}.allocation.${fund}`;
    expect(problems[0]).toContain(
      `plans/T74/pricing-basis.json:${line} /investment/strategies/0/description: writes 80 (${band(0, 'equity1')}), 65 (${band(1, 'equity1')}), 50 (${band(2, 'debt1')} or ${band(2, 'equity1')}) and 30 (${band(3, 'equity1')}) as figures`,
    );
    expect(problems[0]).toContain(
      `Write {{${band(0, 'equity1')}}} for 80, {{${band(1, 'equity1')}}} for 65,`,
    );
    expect(problems[0]).toContain(
      '(shown in steps/annuity-details.ui.json /planDetails/investmentOption/ui:options/cards/lifeStage/description)',
    );
  });
});

describe('what a figure in copy is', () => {
  const figures = (text: string) =>
    figuresIn(text).map(({ text: t, value, kind }) => `${t}=${value} ${kind}`);

  it('reads amounts, percentages, ages, years and counts from the words around them or their list', () => {
    expect(figures('Cover from ₹ 25 lakh to ₹ 20 crore')).toEqual([
      '25 lakh=2500000 money',
      '20 crore=200000000 money',
    ]);
    expect(figures('From ₹ 25,00,000, in multiples of 1,00,000')).toEqual([
      '25,00,000=2500000 money',
      '1,00,000=100000 money',
    ]);
    expect(figures('Anyone aged 18 to 65; cover up to age 99')).toEqual([
      '18=18 age',
      '65=65 age',
      '99=99 age',
    ]);
    expect(figures('pay for 5, 10 or 15 years, a 3-year lock-in')).toEqual([
      '5=5 years',
      '10=10 years',
      '15=15 years',
      '3=3 years',
    ]);
    expect(figures('70% in Equity 1 and 30% in Debt 1')).toEqual(['70=70 percent', '30=30 percent']);
    // A count is a fact's only where plan.json or the basis has a list of that name (basis.options).
    expect(figures('Choose from 12 annuity options, in 4 simple steps.')).toEqual([
      '12=12 count',
      '4=4 count',
    ]);
    // A % is written after each number it is for: '65% from 35, 50%' says nothing of 35.
    expect(figures('80% equity below 35, 65% from 35, 50% from 45')).toEqual([
      '80=80 percent',
      '65=65 percent',
      '50=50 percent',
    ]);
  });

  it('leaves out what only looks like a figure', () => {
    expect(figures('We settled 98.04% of claims in FY 22-23.')).toEqual(['98.04=98.04 percent']);
    expect(figures('Call 1800 209 8700 or +91 22 6165 8700')).toEqual([]);
    expect(
      figures('Tax benefits under Section 80C and 10(10D); plan T64; IALM 2012-14, basis of 2025'),
    ).toEqual([]);
    expect(figures('Equity 1 and Debt 1, Year 6, every 5th year')).toEqual([]);
    expect(figures('whole percentages that add up to 100%')).toEqual([]);
  });
});
