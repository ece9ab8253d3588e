import type { DisplayRow } from './calculator.ts';
import { row, rupees } from './displayRows.ts';
import type { UnitLinkedBasis, UnitLinkedDiscount } from './unitLinkedBasis.ts';
import { allocationText } from './unitLinkedInvestment.ts';
import type { UnitLinkedPricing } from './unitLinkedPricing.ts';

/*
 * 'How we calculated this' for a unit-linked quote: the premium and sum assured, each charge of
 * the first year (the mortality charge in the headline scenario), the fund management charge the
 * chosen funds give, and each scenario's fund at maturity, net yield and reduction in yield.
 */

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** '6% in year 1, 4% in years 2–3, 2% from year 4' */
function allocationScheduleText(percents: number[]): string {
  if (percents.length === 1) return `${percents[0]}% of every premium`;
  const parts: string[] = [];
  let start = 0;
  percents.forEach((percent, i) => {
    if (i + 1 < percents.length && percents[i + 1] === percent) return;
    const last = i === percents.length - 1;
    const years = last
      ? `from year ${start + 1}`
      : start === i
        ? `in year ${i + 1}`
        : `in years ${start + 1}–${i + 1}`;
    parts.push(`${percent}% ${years}`);
    start = i + 1;
  });
  return parts.join(', ');
}

function administrationText(basis: UnitLinkedBasis, single: boolean): string {
  const charge = (single ? basis.charges.single : basis.charges.regular)!.policyAdministration;
  return [
    `${rupees(charge.rupeesPerMonth)} a month`,
    charge.escalationPercentPerYear ? `, rising ${charge.escalationPercentPerYear}% a year` : '',
    charge.percentOfAnnualPremiumPerMonth
      ? ` plus ${charge.percentOfAnnualPremiumPerMonth}% of the annualised premium a month`
      : '',
    `, at most ${rupees(charge.maxRupeesPerMonth)} a month`,
    charge.chargedFor === 'premiumPayingTerm' ? ', while premiums are payable' : '',
  ].join('');
}

function fundManagementRow(p: UnitLinkedPricing, basis: UnitLinkedBasis): DisplayRow {
  const { investment, policyTerm } = p.input;
  const funds = basis.investment.funds;
  const first = investment.allocationInYear(1);
  const byYear = Array.from({ length: policyTerm }, (_, t) => round4(investment.fmcPercentInYear(t + 1)));
  const [low, high] = [Math.min(...byYear), Math.max(...byYear)];
  const split = Object.entries(first)
    .map(
      ([id, share]) =>
        `${allocationText({ [id]: share }, funds)} at ${funds.find((f) => f.id === id)!.fmcPercent}%`,
    )
    .join(', ');
  const changes =
    low === high
      ? ''
      : `; ${low}% to ${high}% over the term as ${investment.strategy?.name ?? 'the plan'} moves the funds`;
  return row('fundManagementCharge', 'Fund management charge, a year', byYear[0]!, 'percent', {
    note: `${investment.strategy ? `${investment.strategy.name}: ` : ''}${split}${changes}`,
  });
}

export function unitLinkedExplanation(p: UnitLinkedPricing, basis: UnitLinkedBasis): DisplayRow[] {
  const { input, headline: lead } = p;
  const first = lead.projection.years[0]!;
  const age = input.entryAge;
  const mortalityPerThousand = round4(p.terms.mortalityRate(1) * 1000);
  const charges = input.single ? null : basis.charges.regular.premiumAllocationPercentByPolicyYear;
  return [
    row(
      'annualisedPremium',
      input.single ? 'Single premium' : 'Annualised premium',
      input.annualisedPremium,
      'rupees',
      {
        note: input.single
          ? 'paid once'
          : `${rupees(input.installmentPremium)} × ${input.frequency.instalmentsPerYear} a year, for ${input.premiumPayingTerm} years`,
      },
    ),
    row(
      'sumAssured',
      `Sum assured: ${input.sumAssuredMultiple} × the ${input.single ? 'single' : 'annualised'} premium`,
      input.sumAssured,
      'rupees',
      {
        note: `on death: ${basis.deathBenefit.text}`,
      },
    ),
    row(
      'premiumAllocationCharge',
      'Premium allocation charge in year 1',
      Math.round(first.allocationCharge),
      'rupees',
      {
        note: charges
          ? allocationScheduleText(charges)
          : `${basis.charges.single!.premiumAllocationPercent}% of the single premium`,
      },
    ),
    row(
      'policyAdministrationCharge',
      'Policy administration charge in year 1',
      Math.round(first.administrationCharge),
      'rupees',
      {
        note: administrationText(basis, input.single),
      },
    ),
    row(
      'mortalityCharge',
      `Mortality charge in year 1 at ${lead.scenario.grossReturnPercent}%`,
      Math.round(first.mortalityCharge),
      'rupees',
      {
        note: `on the sum at risk (death benefit less fund), ${basis.mortality.loadingPercent}% of ${p.mortalityTable}${input.smoker && basis.mortality.smokerMultiplier !== 1 ? ` × ${basis.mortality.smokerMultiplier} for a smoker` : ''}: ${mortalityPerThousand} per 1,000 a year at age ${age}`,
      },
    ),
    fundManagementRow(p, basis),
    row('gstOnCharges', 'GST on charges', p.terms.gstPercent(1), 'percent', {
      note: 'on every charge above, at the rate in force each policy year',
    }),
    ...p.chargeDiscounts.map((d) =>
      row(`chargeDiscount-${d.id}`, d.text, d.percent, 'percent', {
        note: chargesText(d),
      }),
    ),
    ...p.scenarios.flatMap((s) => [
      row(
        `maturityFundValue-${s.scenario.id}`,
        `Fund value at maturity at ${s.scenario.grossReturnPercent}% a year`,
        s.maturityValue,
        'rupees',
        {
          note: 'after every charge; not guaranteed',
        },
      ),
      row(
        `netYield-${s.scenario.id}`,
        `Net yield at ${s.scenario.grossReturnPercent}%`,
        s.netYield,
        'percent',
        {
          note: 'the rate at which your premiums grow to the fund value at maturity',
        },
      ),
      row(
        `reductionInYield-${s.scenario.id}`,
        `Reduction in yield at ${s.scenario.grossReturnPercent}%`,
        s.reductionInYield,
        'percent',
        {
          note: `${s.scenario.grossReturnPercent}% gross less ${s.netYield}% net`,
        },
      ),
    ]),
  ];
}

/** 'off the premium allocation charge and the policy administration charge' */
export function chargesText(discount: UnitLinkedDiscount): string {
  const names = discount.appliesTo
    .filter((c) => c !== 'riderPremium')
    .map((c) => `the ${c.replace(/([A-Z])/g, ' $1').toLowerCase()}`);
  return `off ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`;
}
