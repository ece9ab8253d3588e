import { join } from 'node:path';
import type { PlanConfig } from '../../../engine/plan/types.ts';
import { ComposeError } from './composeError.ts';
import type { UseExpander } from './expandUses.ts';
import { factAt } from './factTemplates.ts';
import { fillFacts, withoutCycles, type FactLookup } from './fillFacts.ts';
import { mergePatch } from './mergePatch.ts';
import type { PlanLayers } from './planLayers.ts';
import { readJson } from './readJson.ts';

/**
 * plan.json, composed: the plan's own over the plans it extends (JSON Merge Patch, the furthest
 * first), `$use` expanded, and its facts filled in from itself (`"title": "{{productName}}"`),
 * each in turn; a fact that comes back to itself is refused, and so is a planCode that is not
 * the folder's.
 */
export function planFacts(layers: PlanLayers, expander: UseExpander): PlanConfig {
  const { code, root } = layers;
  let merged: unknown = {};
  for (let index = layers.list.length - 2; index >= 0; index--) {
    const file = `plans/${layers.list[index]!.name}/plan.json`;
    const own = readJson(join(root, file), root);
    merged = mergePatch(merged, expander.expand(own, { file, pointer: '', layer: index, path: 'plan.json' }));
  }
  const file = `plans/${code}/plan.json`;
  const raw = merged as Record<string, unknown>;
  const lookup: FactLookup = withoutCycles((path) => fillFacts(factAt(raw, path), lookup, file, ''));
  const facts = fillFacts(raw, lookup, file, '') as PlanConfig;
  if (facts.planCode !== undefined && facts.planCode !== code) {
    throw new ComposeError(
      `planCode is ${JSON.stringify(facts.planCode)} but the folder is ${code}`,
      file,
      '/planCode',
    );
  }
  return facts;
}
