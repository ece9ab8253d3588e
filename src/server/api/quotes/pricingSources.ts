import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { DEFAULT_SCHEMAS_ROOT, readPlanFile } from '../../../plans/nodePlanSource.ts';
import type { Calculator, PricingTables } from '../../../pricing/calculator.ts';
import { calculatorFor } from '../../../pricing/calculators.ts';
import type { MortalityTable } from '../../../pricing/mortalityTable.ts';
import { contentHash } from './canonicalJson.ts';

/**
 * Everything a quote's figures are priced from, as one document: the calculator's name, the
 * plan's basis and the shared tables the basis names. Stored once per version
 * (pricing_bases), so an issued quote is priced again on exactly what it was priced on.
 */
export interface PricingBasisDocument {
  calculator: string;
  basis: unknown;
  tables: PricingTables;
}

/** What pricing one plan needs: its calculator, its basis and the shared tables the basis names. */
export interface PricingSources {
  calculator: Calculator;
  basis: unknown;
  tables: PricingTables;
  /**
   * The basis version a quote priced on these sources names: the content hash of `document`,
   * the text stored and priced again (the same content in another key order is another
   * version, since a note may follow the order).
   */
  version: string;
  /**
   * The PricingBasisDocument as JSON, its keys in the files' order: a calculator may list what
   * a basis object holds in its order (a fund mix in a note), so the text priced again from it
   * must be what the files said, not a sorted copy.
   */
  document: string;
}

const cache = new Map<string, PricingSources>();

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Sources from a basis document, its version the hash of its text as stored. */
export function pricingSourcesOf(
  calculator: Calculator,
  basis: unknown,
  tables: PricingTables,
): PricingSources {
  const content: PricingBasisDocument = { calculator: calculator.name, basis, tables };
  // The version is the hash of the text stored and priced again, key order included (a note
  // may list a basis's entries in its order): the same content reordered is another version.
  const document = JSON.stringify(content);
  return { calculator, basis, tables, version: contentHash(document), document };
}

/**
 * The calculator a plan names (plan.json `calculator`), the basis file that calculator reads
 * from the plan (composed: its folder or the plan it extends), and the mortality table the basis
 * names, read from schemas/ once per process (the same files the browser imports), with the
 * version of that content. Throws if the plan names no known calculator, or its basis says it
 * is another plan's.
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
    sources = pricingSourcesOf(calculator, basis, { mortality });
    cache.set(productId, sources);
  }
  return sources;
}

/**
 * Forgets the sources read so far: the next quote of each plan reads its basis files again
 * (after an analyst's change of a rate). Quotes already issued keep the version they name.
 */
export function forgetPricingSources(): void {
  cache.clear();
}
