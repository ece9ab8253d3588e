import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import { DEFAULT_SCHEMAS_ROOT } from '../../src/plans/nodePlanSource.ts';
import type { Calculator } from '../../src/pricing/calculator.ts';
import { calculators } from '../../src/pricing/calculators.ts';
import type { MortalityTable } from '../../src/pricing/mortalityTable.ts';
import { planExample } from '../../src/pricing/planExample.ts';
import type { PlanContent } from '../../src/plans/planContent.ts';
import { rupees, type Problem } from './problem.ts';

/*
 * One source for the landing page's 'Visualize your plan' (and the brochure, which prints the
 * same block): its figures are what the plan's own calculator gives for the inputs it states,
 * so the example, a quote and the illustration for the same inputs agree (issue 9).
 */

const today = () => new Date().toISOString().slice(0, 10);

export function checkLandingExample(
  file: string,
  content: PlanContent,
  config: PlanConfig,
  files: PlanFiles,
  root = DEFAULT_SCHEMAS_ROOT,
): Problem[] {
  const example = content.landing?.visualize;
  const calculator = calculators[config.calculator] as Calculator<unknown> | undefined;
  const basis = calculator ? files[calculator.basisFile] : undefined;
  if (!example || !calculator || basis === undefined) return [];
  const where = '/landing/visualize';
  let quote;
  try {
    const mortality = JSON.parse(
      readFileSync(join(root, 'common', 'mortality', `${calculator.mortalityTable(basis)}.json`), 'utf8'),
    ) as MortalityTable;
    quote = planExample(
      calculator,
      basis,
      { mortality },
      {
        life: { age: example.entryAge, gender: example.gender ?? 'Male' },
        proposalDate: today(),
        online: example.online ?? true,
        plan: {
          InstallmentPremiumAmount: example.premium,
          PremiumFrequency: example.premiumFrequency,
          PremiumPayingTerm: example.premiumYears,
          AnnuityFrequency: 'Yearly',
          AnnuityOption: example.option,
          AnnuityFor: 'Single',
        },
      },
    );
  } catch (error) {
    return [
      {
        file,
        where,
        message: `the plan's calculator cannot price this example: ${(error as Error).message}`,
      },
    ];
  }
  const problems: Problem[] = [];
  const differ = (field: string, stated: number, priced: unknown, what: string) => {
    if (priced !== stated) {
      problems.push({
        file,
        where: `${where}/${field}`,
        message: `says ${rupees(stated)}, but ${config.calculator} gives ${typeof priced === 'number' ? rupees(priced) : 'nothing'} (${what}) for the inputs stated here. Write the calculator's figure.`,
      });
    }
  };
  differ('payoutPerYear', example.payoutPerYear, quote.figures.annualAnnuity, 'the pension in a year');
  differ(
    'payoutFromAge',
    example.payoutFromAge,
    quote.figures.firstPayoutAge,
    'the age of the first pension',
  );
  const atDeath = quote.illustration.tables
    .flatMap((table) => table.rows)
    .find((row) => row.age === example.lumpSumAtAge);
  differ('lumpSum', example.lumpSum, atDeath?.deathBenefit, `paid on death at age ${example.lumpSumAtAge}`);
  return problems;
}
