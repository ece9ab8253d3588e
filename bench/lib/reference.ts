import { build } from 'vite';
import { getDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { readBenchPlan } from './planSteps.ts';
import { precompress } from '../../tools/precompress.ts';
import { referenceConfig, type ReferenceStep, type ReferenceValidator } from '../reference/vite.config.ts';

/*
 * Builds the stock rjsf reference page (bench/reference) for a plan's steps. The steps'
 * schemas are bundled the way the server bundles them (./planSteps.ts), then dumped into the page; their uiSchemas keep only what stock rjsf
 * knows (a widget named by a bimaflow widget, a custom field or template is dropped, so
 * rjsf draws its default for the field).
 */

/** rjsf's own widget names and the aliases its getWidget accepts. */
const STOCK_WIDGETS = new Set([
  ...Object.keys(getDefaultRegistry().widgets),
  ...['hidden', 'text', 'textarea', 'password', 'email', 'uri', 'color', 'date', 'datetime', 'time'],
  ...['radio', 'select', 'checkbox', 'checkboxes', 'range', 'updown', 'file', 'alt-date', 'alt-datetime'],
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The uiSchema without anything naming code stock rjsf does not have. */
export function stockUiSchema(ui: unknown): UiSchema {
  if (!isObject(ui)) return ui as UiSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:field' || /Template$/.test(key)) continue;
    if (key === 'ui:widget' && !(typeof value === 'string' && STOCK_WIDGETS.has(value))) continue;
    if (key === 'ui:options' && isObject(value)) {
      const { widget: _widget, field: _field, ...options } = value;
      out[key] = options;
      continue;
    }
    out[key] = key.startsWith('ui:') ? value : stockUiSchema(value);
  }
  return out as UiSchema;
}

/** A plan's steps as the reference renders them. */
export function referenceSteps(planCode: string, stepIds: string[]): Record<string, ReferenceStep> {
  const plan = readBenchPlan(planCode);
  return Object.fromEntries(
    stepIds.map((id) => {
      const step = plan.steps[id];
      if (!step) throw new Error(`Plan ${planCode} has no step ${id}`);
      return [id, { schema: step.schema as RJSFSchema, uiSchema: stockUiSchema(step.uiSchema) }] as const;
    }),
  );
}

/**
 * Builds the reference into `outDir` (one Vite build), precompressed like the product's
 * build. `liveValidate` is the typing bench's variant; `validator` chooses rjsf's
 * runtime-compiled or precompiled validator (bench/reference/vite.config.ts).
 */
export async function buildReference(
  outDir: string,
  planCode: string,
  stepIds: string[],
  liveValidate: boolean,
  validator: ReferenceValidator = 'runtime',
): Promise<string> {
  await build(referenceConfig(outDir, referenceSteps(planCode, stepIds), liveValidate, validator));
  precompress(outDir);
  return outDir;
}
