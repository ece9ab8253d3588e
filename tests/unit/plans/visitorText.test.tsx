// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedStep } from '../../../engine/plan/types.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';

interface Fixture {
  cases?: Array<{ name: string; data: StepData }> | Record<string, { name: string; data: StepData }>;
}

/*
 * Words for visitors, notes for builders (issue 17): nothing a visitor reads — a step or
 * popup on screen, with its help and its messages, or the plan's copy — carries a note meant
 * for developers or analysts. Those live in `$comment`, which composing a plan drops.
 */

afterEach(cleanup);

/** What gives away a builder's note: the spec's section marks, file names, schema words. */
const INTERNAL = /spec 0\d|§|\.json\b|\$defs|\bplan\.json\b|\bjourney machine\b|\bfixture/i;

const common = commonDocuments(readCommonDocuments());
const plans = listPlanCodes().map((code) => ({ code, files: readPlanFiles(code) }));

function Host({ step, initial }: { step: LoadedStep; initial: StepData }) {
  const [data, setData] = useState<StepData>(initial);
  return (
    <StepForm
      step={step}
      formData={data}
      validator={step.validator}
      widgets={widgets}
      templates={templates}
      onChange={setData}
      onSubmit={() => undefined}
    />
  );
}

describe.each(plans)('$code: what a visitor reads', ({ code, files }) => {
  const plan = buildPlan(files, common, compilingValidators);
  const forms = [
    ...Object.values(plan.steps).map((step) => ({ kind: 'step', step })),
    ...Object.values(plan.popups).map((step) => ({ kind: 'popup', step })),
  ];

  /** A form empty, then with each of its fixture cases (which open its conditional parts). */
  const cases = (step: LoadedStep): Array<{ name: string; data: StepData }> => {
    const fixture = step.definition.fixtures
      ? (files[step.definition.fixtures] as Fixture | undefined)
      : undefined;
    const listed = Array.isArray(fixture?.cases) ? fixture.cases : Object.values(fixture?.cases ?? {});
    return [
      { name: 'empty', data: {} },
      ...listed.map((c) => ({ name: c.name, data: resolveFixtureData(c.data) })),
    ];
  };

  it.each(forms.map((form) => [`${form.kind} ${form.step.id}`, form.step] as const))(
    '%s, empty and with each fixture case, after a submit that shows its messages, has no builder notes',
    async (_name, step) => {
      for (const { name, data } of cases(step)) {
        const { container, unmount } = render(<Host step={step} initial={data} />);
        const submit = container.querySelector('button[type="submit"]');
        if (submit) await act(async () => fireEvent.click(submit));
        const text = container.textContent ?? '';
        expect(text.length).toBeGreaterThan(0);
        expect(
          text.match(INTERNAL)?.[0],
          `${code} ${step.id} (${name}): ${text.slice(0, 400)}`,
        ).toBeUndefined();
        unmount();
      }
    },
    // Every fixture case of a step is rendered and submitted: more than 5 s on a busy machine.
    30_000,
  );

  it('has no builder notes in its copy', () => {
    const notes: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (INTERNAL.test(node)) notes.push(`${path}: ${node}`);
      } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}/${index}`));
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          // What names files or rules for the code rather than for people.
          if (
            ['$schema', '$id', '$ref', 'schema', 'uiSchema', 'fixtures', 'machine', 'content'].includes(key)
          )
            continue;
          walk(value, `${path}/${key}`);
        }
      }
    };
    const content = plan.config.content ? files[plan.config.content] : undefined;
    walk(content, `${code}/content`);
    walk(plan.config, `${code}/plan.json`);
    expect(notes).toEqual([]);
  });
});
