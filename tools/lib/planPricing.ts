import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { Calculator } from '../../src/pricing/calculator.ts';
import { calculators } from '../../src/pricing/calculators.ts';
import type { MortalityTable } from '../../src/pricing/mortalityTable.ts';
import {
  compilePlanFieldsChecks,
  type PlanFieldsCheck,
} from '../../src/server/api/quotes/calculatorInputs.ts';
import type { Problem } from './problem.ts';

/** Each calculator's inputSchema check, compiled once (as the quote routes compile them). */
let fieldChecks: Map<string, PlanFieldsCheck> | undefined;
function checksOf(): Map<string, PlanFieldsCheck> {
  fieldChecks ??= compilePlanFieldsChecks(calculators);
  return fieldChecks;
}

/** What prices a plan's quotes in plans:validate: its calculator, the calculator's inputSchema check, its basis and mortality table. */
export interface PlanPricing {
  calculator: Calculator<unknown>;
  check: PlanFieldsCheck;
  basis: unknown;
  mortality: MortalityTable;
}

/**
 * The plan's calculator, its checks, basis and mortality table; undefined when the plan
 * cannot be priced for a reason another check reports (no quote, an unknown calculator, a
 * missing basis or another plan's), or a problem when its mortality table cannot be read.
 */
export function planPricing(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  root: string,
): PlanPricing | Problem | undefined {
  const { config } = plan;
  const calculator = (
    Object.hasOwn(calculators, config.calculator) ? calculators[config.calculator] : undefined
  ) as Calculator<unknown> | undefined;
  const check = checksOf().get(config.calculator);
  const basis = calculator ? files[calculator.basisFile] : undefined;
  if (!config.quote || !calculator || !check || basis === undefined) return undefined;
  // A basis that is another plan's is refused before any pricing (basisRuleChecks.ts says so).
  const basisPlan = (basis as { planCode?: unknown }).planCode;
  if (typeof basisPlan === 'string' && basisPlan !== config.planCode) return undefined;
  try {
    const mortality = JSON.parse(
      readFileSync(join(root, 'common', 'mortality', `${calculator.mortalityTable(basis)}.json`), 'utf8'),
    ) as MortalityTable;
    return { calculator, check, basis, mortality };
  } catch (error) {
    return {
      file: `plans/${code}/${calculator.basisFile}`,
      where: '/',
      message: `names a mortality table plans:validate cannot read: ${(error as Error).message}`,
    };
  }
}
