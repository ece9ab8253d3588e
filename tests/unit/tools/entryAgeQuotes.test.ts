import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { readCommonDocuments, readPlanFile, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import type { PricedQuote } from '../../../src/pricing/calculator.ts';
import { agesText } from '../../../tools/lib/entryAgeQuoteChecks.ts';
import { journeySteps } from '../../../tools/lib/journeyCases.ts';
import { preselected } from '../../../tools/lib/preselected.ts';
import { GUARANTEES } from '../../../tools/lib/quoteGuarantees.ts';
import { checkCopiedPlan, located } from './planFolder.ts';

/*
 * Issue 17, "every age gets a quote": plans:validate prices what a visitor sees preselected on
 * the quote's steps at every entry age of plan.json ageLimits — buying for themselves and for
 * someone else — and fails where the quote panel would show nothing or where the quote pays
 * back less than the plan guarantees. Each test copies a plan, breaks one thing and expects
 * the line plans:validate prints (ages and limits read from the plan, so the plans may change).
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SELF = 'buying for themselves: the policy holder is the life insured';
const OTHER = 'buying for someone else (buyFor "Spouse"): the insured person is the life insured';

describe('plans:validate prices the preselected plan at every entry age', () => {
  it('fails where a default is refused at the top entry ages (U27 preselecting a 15-year term), at the default, for each buyer', () => {
    const { ageLimits } = readPlanFile('U27', 'plan.json');
    const { maxMaturityAge } = readPlanFile('U27', 'pricing-basis.json').ages;
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties.planDetails.properties.policyTerm = { default: 15 };
      });
      line = plan.lineOf('steps/plan-details.schema.json', '"default": 15');
    }, 'U27');
    // The journey's own case (15 years at 35) still prices: only the default at an age fails.
    const from = maxMaturityAge - 15 + 1;
    const max = ageLimits.proposer.max as number;
    const reason = `gets no quote: the unitLinked calculator refuses it: "Maturity age cannot be more than ${maxMaturityAge}: choose a policy term of at most ${maxMaturityAge - max} years" (PlanSectionDetails.PolicyTerm): the quote panel shows this message instead of a quote, and Next stops on it. Every entry age of plan.json ageLimits gets a quote that keeps the plan's guarantees: derive the default from the facts so that it is valid at every entry age, or narrow plan.json ageLimits to the ages the product serves.`;
    for (const who of [SELF, OTHER]) {
      expect(located(problems)).toContain(
        `plans/U27/steps/plan-details.schema.json:${line} /properties/planDetails/properties/policyTerm/default: at entry ages ${from} to ${max} (${who}), what the visitor sees preselected (investmentAmount "50,000", investmentFrequency "Yearly", premiumPayingTerm "Regular", policyTerm 15, riders.ADB.add false, riders.CI.add false) ${reason}`,
      );
    }
    expect(problems).toHaveLength(2);
  });

  it('fails where the insured person is older than the product serves, buying for someone else only', () => {
    const { maxMaturityAge } = readPlanFile('U25', 'pricing-basis.json').ages;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.ageLimits.insured.max = maxMaturityAge - 5;
      });
    }, 'U25');
    const lines = located(problems);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^common/steps/plan-details\\.schema\\.json:\\d+ /properties/planDetails/properties/policyTerm/default: at entry ages ${maxMaturityAge - 9} to ${maxMaturityAge - 5} \\(${escape(OTHER)}\\), what the visitor sees preselected \\(.*policyTerm 10\\) gets no quote: the unitLinked calculator refuses it: "Maturity age cannot be more than ${maxMaturityAge}: choose a policy term of at most 5 years" \\(PlanSectionDetails\\.PolicyTerm\\): the quote panel shows this message instead of a quote.* \\(in the composed plans/U25/steps/plan-details\\.schema\\.json /properties/planDetails/properties/policyTerm/default\\)$`,
        ),
      ),
    ]);
  });

  it('fails where the quote step refuses what it preselects, with the form’s message', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.write('steps/plan-details.schema.json', {
        $use: 'common/steps/plan-details.schema.json',
        properties: { planDetails: { properties: { premiumPayingTerm: { default: 10 } } } },
      });
    }, 'U25');
    const { ageLimits } = readPlanFile('U25', 'plan.json');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^common/steps/plan-details\\.schema\\.json:\\d+ /properties/planDetails/properties/policyTerm/default: at entry ages ${ageLimits.proposer.min} to ${ageLimits.proposer.max} \\(${escape(SELF)}\\), what the visitor sees preselected \\(.*premiumPayingTerm 10, policyTerm 10\\) is refused by the plan-details step: "Policy Term should be longer than the Premium Paying Term\\." \\(planDetails\\.policyTerm\\): the quote panel waits for valid plan details and Next stops on this message\\.`,
        ),
      ),
    );
  });

  it('fails where a guaranteed plan pays back less than its premiums (T62 without its floor, at its top entry ages)', () => {
    let line = 0;
    const { ageLimits } = readPlanFile('T62', 'plan.json');
    const problems = checkCopiedPlan((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.guaranteedBenefits.atLeastPercentOfPremiums = 0;
      });
      line = plan.lineOf('plan.json', '"insured"');
    }, 'T62');
    const max = ageLimits.insured.max as number;
    for (const who of [SELF, OTHER]) {
      expect(located(problems)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^plans/T62/plan\\.json:${line} /ageLimits/insured: at entry ages [7-8]\\d to ${max} \\(${escape(who)}\\), what the visitor sees preselected \\(milestoneOption "T62MI", investmentAmount "50,000", investmentFrequency "Yearly", premiumPayingTerm 5, policyTerm 10\\) pays back less than the plan guarantees \\(at ${max}: it asks ₹2,50,000 in premiums for ₹[\\d,]+ of total guaranteed benefits(, with life cover of ₹[\\d,]+ in the first year)?: a guaranteed savings plan pays back at least the premiums it asks for\\)\\. Every entry age of plan\\.json ageLimits gets a quote that keeps the plan's guarantees: change the basis \\(pricing-basis\\.json\\) so that it pays what it states, or narrow plan\\.json /ageLimits/insured to the ages it can serve\\.$`,
          ),
        ),
      );
    }
  });

  it('finds nothing to say about the plans as they are (T62 to spec 01 §5’s 90)', () => {
    expect(checkCopiedPlan(() => {}, 'T62')).toEqual([]);
  });
});

describe('what the visitor sees preselected', () => {
  it('is the step’s defaults, and of the journey only what the step requires without one', () => {
    const files = readPlanFiles('U27');
    const plan = buildPlan(files, commonDocuments(readCommonDocuments()), compilingValidators);
    const journey = journeySteps(plan, files, new Date())!.find((s) => s.form.id === 'plan-details')!;
    // The journey types a 15-year term and adds the accidental death rider.
    expect(journey.data).toMatchObject({ planDetails: { policyTerm: 15, riders: { ADB: { add: true } } } });
    expect(preselected(journey.form, journey.data)).toEqual({
      planDetails: {
        investmentAmount: '50,000',
        investmentFrequency: 'Yearly',
        premiumPayingTerm: 'Regular',
        policyTerm: 10,
        riders: { ADB: { add: false }, CI: { add: false } },
      },
    });
  });

  it('takes from the journey what the step requires and does not preselect', () => {
    const files = readPlanFiles('U27');
    const plan = buildPlan(files, commonDocuments(readCommonDocuments()), compilingValidators);
    const journey = journeySteps(plan, files, new Date())!.find((s) => s.form.id === 'plan-details')!;
    const step = {
      ...journey.form,
      schema: structuredClone(journey.form.schema) as typeof journey.form.schema,
    };
    const planDetails = (step.schema.properties as Record<string, { properties: Record<string, object> }>)
      .planDetails!;
    delete (planDetails.properties.policyTerm as { default?: unknown }).default;
    expect(preselected(step, journey.data)).toMatchObject({ planDetails: { policyTerm: 15 } });
  });
});

describe('the guarantees of each calculator kind', () => {
  const quote = (rows: Array<Record<string, number>>, sumAssured = 500000): PricedQuote =>
    ({
      sumAssured,
      figures: {},
      premium: { totalPayable: 0 },
      illustration: {
        tables: [
          {
            id: 'scenario',
            title: 'At 4% a year',
            columns: ['policyYear', 'premiumPaid', 'deathBenefit'].map((id) => ({
              id,
              label: id,
              format: 'number',
            })),
            rows,
          },
        ],
        footnotes: [],
      },
    }) as unknown as PricedQuote;
  const broken = (kind: string, q: PricedQuote, basis: Record<string, unknown>) =>
    GUARANTEES[kind]!.map((g) => g(q, basis)).filter(Boolean);
  const basis = { deathBenefit: { percentOfPremiumsPaid: 105 } };

  it('unit-linked: the death benefit is at least the sum assured and 105% of the premiums paid to date', () => {
    const rows = [
      { policyYear: 1, premiumPaid: 300000, deathBenefit: 500000 },
      { policyYear: 2, premiumPaid: 300000, deathBenefit: 600000 },
    ];
    expect(broken('unitLinked', quote(rows), basis)).toEqual([
      'its death benefit in policy year 2 (At 4% a year) is ₹6,00,000, below the 105% of premiums paid to date (₹6,30,000) the basis states (deathBenefit.percentOfPremiumsPaid)',
    ]);
    rows[1]!.deathBenefit = 630000;
    expect(broken('unitLinked', quote(rows), basis)).toEqual([]);
    rows[0]!.deathBenefit = 400000;
    expect(broken('unitLinked', quote(rows), basis)).toEqual([
      'its death benefit in policy year 1 (At 4% a year) is ₹4,00,000, below the sum assured it quotes (₹5,00,000)',
    ]);
  });

  it('guaranteed savings: the total guaranteed benefits are at least the premiums', () => {
    const q = quote([]);
    q.premium.totalPayable = 250000;
    q.figures.totalBenefits = 249999;
    q.figures.deathBenefitInFirstYear = 300000;
    expect(broken('milestoneSavings', q, basis)).toEqual([
      'it asks ₹2,50,000 in premiums for ₹2,49,999 of total guaranteed benefits: a guaranteed savings plan pays back at least the premiums it asks for',
    ]);
    q.figures.totalBenefits = 250000;
    expect(broken('milestoneSavings', q, basis)).toEqual([]);
  });

  it('annuities: death before the pension vests pays at least the basis’s share of premiums; not after', () => {
    const rows = [
      { policyYear: 1, premiumPaid: 100000, deathBenefit: 105000 },
      { policyYear: 2, premiumPaid: 0, deathBenefit: 0 },
    ];
    const q = quote(rows, 0);
    q.figures.defermentYears = 1;
    q.figures.annuityInstallmentAmount = 9000;
    const annuityBasis = { deferment: { deathBenefit: { percentOfPremiumsPaid: 105 } } };
    expect(broken('deferredAnnuity', q, annuityBasis)).toEqual([]);
    q.figures.defermentYears = 2;
    expect(broken('guaranteedAnnuity', q, annuityBasis)).toEqual([
      'its death benefit in policy year 2 (At 4% a year) is ₹0, below the 105% of premiums paid to date (₹1,05,000) the basis states (deferment.deathBenefit.percentOfPremiumsPaid)',
    ]);
  });

  it('names the ages in runs', () => {
    expect(agesText([62])).toBe('62');
    expect(agesText([61, 62, 63, 64, 65])).toBe('61 to 65');
    expect(agesText([3, 5, 6, 7, 9, 10])).toBe('3, 5 to 7 and 9, 10');
  });
});
