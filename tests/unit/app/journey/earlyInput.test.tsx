// @vitest-environment jsdom
import { act, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../../engine/plan/buildPlan.ts';
import { StepForm, type StepData } from '../../../../engine/form/StepForm.tsx';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import { readCommonDocuments, readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';
import { replayEarlyInput, takeEarlyInput } from '../../../../src/app/journey/earlyInput.ts';
import { FirstStepForm } from '../../../../src/app/journey/JourneyShell.tsx';
import { templates, widgets } from '../../../../widgets/registry.ts';

/*
 * Issue 21: a journey's HTML holds its first step's form (tools/routeShells.tsx), whose fields
 * take typing before the code arrives. React's first render replaces that HTML; what the
 * visitor typed, ticked and chose there, and where the caret was, reaches the live step.
 */

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);
const step = plan.steps['basic-details']!;
const id = (field: string) => `step-basic-details_policyHolder_${field}`;
const noop = () => undefined;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The first paint as the server sends it, in #root. */
function firstPaint(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToStaticMarkup(<FirstStepForm step={step} />);
  document.body.append(container);
  return container;
}

/** The live step, as the journey renders it, reporting the step's data. */
function LiveStep({ seen }: { seen: StepData[] }) {
  const [data, setData] = useState<StepData>({});
  return (
    <StepForm
      step={step}
      formData={data}
      validator={step.validator}
      widgets={widgets}
      templates={templates}
      onChange={(next) => {
        seen.push(next);
        setData(next);
      }}
      onSubmit={noop}
    />
  );
}

function goLive(container: HTMLElement, seen: StepData[], replay = true) {
  const early = takeEarlyInput(container);
  root = createRoot(container);
  act(() => {
    flushSync(() => root!.render(<LiveStep seen={seen} />));
    if (replay) replayEarlyInput(container, early);
  });
}

const input = (name: string) => document.getElementById(id(name)) as HTMLInputElement;

describe('what a visitor does in the first paint', () => {
  it('reaches the live step: typed values, a chosen card, the focus and caret', () => {
    const container = firstPaint();
    // The browser's own handling of typing and taps on plain HTML fields.
    input('fullName').value = 'Asha Rao';
    input('emailId').value = 'asha@exa';
    (document.querySelector(`input[name="${id('gender')}"][value="1"]`) as HTMLInputElement).click();
    input('emailId').focus();
    input('emailId').setSelectionRange(4, 4);
    expect(container.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);

    const seen: StepData[] = [];
    goLive(container, seen);

    const holder = seen.at(-1)?.policyHolder as Record<string, unknown>;
    expect(holder).toMatchObject({ fullName: 'Asha Rao', emailId: 'asha@exa', gender: 'Female' });
    expect(input('fullName').value).toBe('Asha Rao');
    expect(document.activeElement?.id).toBe(id('emailId'));
    expect(input('emailId').selectionStart).toBe(4);
    expect(container.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false);
  });

  it('leaves the caret where a field that formats what it is given puts it (a date typed as digits)', () => {
    const container = firstPaint();
    input('dateOfBirth').value = '0101';
    input('dateOfBirth').focus();
    input('dateOfBirth').setSelectionRange(4, 4);
    goLive(container, []);
    expect(input('dateOfBirth').value).toBe('01/01/');
    expect(document.activeElement?.id).toBe(id('dateOfBirth'));
    // Typing on continues the date, not the middle of it.
    expect(input('dateOfBirth').selectionStart).toBe(6);
  });

  it('is lost without the hand-over (what the test above guards)', () => {
    const container = firstPaint();
    input('fullName').value = 'Asha Rao';
    const seen: StepData[] = [];
    goLive(container, seen, false);
    expect(input('fullName').value).toBe('');
  });

  it('hands over nothing when nothing was done', () => {
    const container = firstPaint();
    const early = takeEarlyInput(container);
    expect(early).toEqual({ fields: [], focus: undefined });
    const seen: StepData[] = [];
    goLive(container, seen);
    // The step's own defaults only (the form reports them as it mounts).
    expect(Object.keys(seen.at(-1)?.policyHolder as object).sort()).toEqual([
      'countryCode',
      'disclamer1',
      'marketingConsent',
      'proposalType',
      'whatsappDisclaimer',
    ]);
  });
});
