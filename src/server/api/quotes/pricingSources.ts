import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { DEFAULT_SCHEMAS_ROOT, readPlanFile } from '../../../plans/nodePlanSource.ts';
import type { Calculator, PricingTables } from '../../../pricing/calculator.ts';
import { calculatorFor } from '../../../pricing/calculators.ts';
import type { MortalityTable } from '../../../pricing/mortalityTable.ts';

/** What pricing one plan needs: its calculator, its basis and the shared tables the basis names. */
export interface PricingSources {
  calculator: Calculator;
  basis: unknown;
  tables: PricingTables;
}

const cache = new Map<string, PricingSources>();

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * The calculator a plan names (plan.json `calculator`), the basis file that calculator reads
 * from the plan (composed: its folder or the plan it extends), and the mortality table the basis names, read from schemas/ once
 * per process (the same files the browser imports). Throws if the plan names no known
 * calculator, or its basis says it is another plan's.
 */
export function pricingFor(plan: LoadedPlan, root = DEFAULT_SCHEMAS_ROOT): PricingSources {
  const { planCode, productId } = plan.config;
  let sources = cache.get(productId);
  if (!sources) {
    const calculator = calculatorFor(plan.config.calculator);
    const basis = readPlanFile<unknown>(productId, calculator.basisFile, root);
    const basisPlan = (basis as { planCode?: unknown }).planCode;
    if (typeof basisPlan === 'string' && basisPlan !== planCode) {
      throw new Error(`${calculator.basisFile} of ${planCode} is for ${basisPlan}`);
    }
    const mortality = readJson<MortalityTable>(
      join(root, 'common', 'mortality', `${calculator.mortalityTable(basis)}.json`),
    );
    sources = { calculator, basis, tables: { mortality } };
    cache.set(productId, sources);
  }
  return sources;
}
