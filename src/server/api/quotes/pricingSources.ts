import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { DEFAULT_SCHEMAS_ROOT } from '../../../plans/nodePlanSource.ts';
import { calculatorFor, type CalculatorName, calculators } from '../../../pricing/calculators.ts';
import type { MortalityTable } from '../../../pricing/mortalityTable.ts';
import type { T54Basis } from '../../../pricing/t54Basis.ts';

/** What pricing one plan needs: its calculator, its basis and the basis's mortality table. */
export interface PricingSources {
  calculator: CalculatorName;
  quote: (typeof calculators)[CalculatorName]['quote'];
  basis: T54Basis;
  mortality: MortalityTable;
}

const cache = new Map<string, PricingSources>();

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * The calculator, basis and mortality table of a plan, read from schemas/ once per process
 * (the same files the browser imports). Throws if the plan names no known calculator or its
 * basis belongs to another plan.
 */
export function pricingFor(plan: LoadedPlan, root = DEFAULT_SCHEMAS_ROOT): PricingSources {
  const code = plan.config.planCode;
  let sources = cache.get(code);
  if (!sources) {
    const calculator = calculatorFor(plan.config.calculator);
    const basis = readJson<T54Basis>(join(root, 'plans', plan.config.productId, calculator.basisFile));
    if (basis.planCode !== code)
      throw new Error(`${calculator.basisFile} of ${code} is for ${basis.planCode}`);
    const mortality = readJson<MortalityTable>(
      join(root, 'common', 'mortality', `${basis.mortality.baseTable}.json`),
    );
    sources = {
      calculator: plan.config.calculator as CalculatorName,
      quote: calculator.quote,
      basis,
      mortality,
    };
    cache.set(code, sources);
  }
  return sources;
}
