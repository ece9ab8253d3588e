import type { LoadedPlan, LoadedStep } from '../../engine/plan/types.ts';
import { consentKindOf } from '../../src/shared/consents.ts';
import type { Problem } from './problem.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * Consent boxes start unticked (docs/design/consents.md; DPDP Act 2023 s.6: consent is a clear
 * affirmative action). A consent-type boolean, one marked `x-consent` or drawn as a checkbox
 * (DisclaimerWidget, which is also the registry's checkbox for a boolean with no widget
 * named), must not default to true, in any
 * form of a plan: journey steps, popups and the proposal's steps. A consent is a boolean
 * with a wording (its title), and one kind is asked once in a plan.
 */

const CHECKBOX_WIDGETS = new Set(['DisclaimerWidget', 'checkbox', 'CheckboxWidget']);

function uiAt(uiSchema: unknown, path: string[]): Record<string, unknown> | undefined {
  let node = uiSchema as Record<string, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string, unknown> | undefined;
  return node;
}

function formsOf(plan: LoadedPlan): [string, LoadedStep][] {
  return [
    ...Object.entries(plan.steps),
    ...Object.entries(plan.popups),
    ...Object.entries(plan.proposal ?? {}),
  ].map(([, form]) => [form.definition.schema, form]);
}

export function checkConsents(code: string, plan: LoadedPlan): Problem[] {
  const problems: Problem[] = [];
  const kinds = new Map<string, string>();
  for (const [schemaFile, form] of formsOf(plan)) {
    const file = `plans/${code}/${schemaFile}`;
    walkSchema(form.schema, ({ schema, schemaPath, dataPath }) => {
      const kind = consentKindOf(schema);
      const widget = uiAt(form.uiSchema, dataPath)?.['ui:widget'];
      // A boolean with no widget named is drawn by the registry's checkbox (DisclaimerWidget).
      const checkbox =
        schema.type === 'boolean' &&
        (widget === undefined || (typeof widget === 'string' && CHECKBOX_WIDGETS.has(widget)));
      if (kind !== undefined && schema.type !== 'boolean') {
        problems.push({
          file,
          where: `${schemaPath}/x-consent`,
          message: `a consent ("${kind}") is a boolean the visitor ticks; this field is not one`,
        });
      }
      if (kind !== undefined && (typeof schema.title !== 'string' || schema.title.trim() === '')) {
        problems.push({
          file,
          where: `${schemaPath}/title`,
          message: `the consent "${kind}" needs its wording as the title: the server records its version`,
        });
      }
      if ((kind !== undefined || checkbox) && schema.default === true) {
        problems.push({
          file,
          where: `${schemaPath}/default`,
          message:
            'a consent box starts unticked: the visitor ticks it (DPDP Act 2023 s.6, a clear affirmative action). Use "default": false',
        });
      }
      if (kind !== undefined && form.definition.bind) {
        const place = `${form.id}:${dataPath.join('/')}`;
        const earlier = kinds.get(kind);
        // A step and the popup that edits the same place share a field; a second place is a second consent.
        const field = dataPath.join('/');
        if (earlier !== undefined && earlier.split(':')[1] !== field) {
          problems.push({
            file,
            where: `${schemaPath}/x-consent`,
            message: `the consent "${kind}" is asked already (${earlier.replace(':', ', field ')}); a kind is asked once in a plan`,
          });
        } else if (earlier === undefined) kinds.set(kind, place);
      }
    });
  }
  return problems;
}
