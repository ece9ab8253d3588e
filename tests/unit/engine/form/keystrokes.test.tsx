// @vitest-environment jsdom
import { Profiler, useCallback, useEffect, useMemo, type ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepForm, type StepData } from '../../../../engine/form/StepForm.tsx';
import { buildPlan, commonDocuments } from '../../../../engine/plan/buildPlan.ts';
import {
  createApplicationStore,
  persistOnPageHide,
  type ApplicationStore,
} from '../../../../engine/state/applicationStore.ts';
import { useStoreSelector } from '../../../../engine/state/useStoreSelector.ts';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import { createBoundSelector } from '../../../../src/journey/boundData.ts';
import { readCommonDocuments, readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../../../tools/lib/fixtureDates.ts';
import { templates, widgets } from '../../../../widgets/registry.ts';
import { TYPING_PAUSE_MS } from '../../../../widgets/useFieldDraft.ts';
import { memoryStorage, type MemoryStorage } from '../../support/memoryStorage.ts';

/*
 * A keystroke in a step touches its field: it re-renders that field alone and hands nothing
 * to the form or the application until the keys pause. No change is lost on the way: a blur,
 * Enter, a submit, the page being hidden or left and the browser's back button each hand the
 * form the latest value first, and the application reaches session storage after a pause or
 * when the page goes, never per key. The step is wired to the store the way the journey wires it.
 */

afterEach(cleanup);

const files = readPlanFiles('T54');
const plan = buildPlan(files, commonDocuments(readCommonDocuments()), compilingValidators);
const step = plan.steps['basic-details']!;
const KEY = 'dataMapping:test';

/** What a visitor fills basic details with (the step's "journey" fixture): valid as it is. */
const journeyCase = (
  files['fixtures/basic-details.fixtures.json'] as {
    cases: Array<{ name: string; data: { policyHolder: Record<string, unknown> } }>;
  }
).cases.find((c) => c.name === 'journey')!;
const validHolder = resolveFixtureData(journeyCase.data.policyHolder);

/** Renders of each widget (its own state's included), by the id of its field. */
const renders = new Map<string, number>();
const countRender = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
const counted: RegistryWidgetsType = Object.fromEntries(
  Object.entries(widgets).map(([name, Widget]) => {
    const Inner = Widget as ComponentType<WidgetProps>;
    const Counted = (props: WidgetProps) => (
      <Profiler id={props.id} onRender={countRender}>
        <Inner {...props} />
      </Profiler>
    );
    return [name, Counted];
  }),
);

function Step({ store, onSubmit }: { store: ApplicationStore; onSubmit: (data: StepData) => void }) {
  useEffect(() => persistOnPageHide(store, window), [store]);
  const bind = step.definition.bind;
  const select = useMemo(() => createBoundSelector(bind, step.schema), [bind]);
  const formData = useStoreSelector(store, select);
  const onChange = useCallback(
    (data: StepData) => {
      for (const [field, pointer] of Object.entries(bind))
        store.dispatch({ type: 'setAt', pointer, value: data[field] }, { typing: true });
    },
    [bind, store],
  );
  return (
    <StepForm
      step={step}
      formData={formData}
      validator={step.validator}
      widgets={counted}
      templates={templates}
      onChange={onChange}
      onSubmit={onSubmit}
    />
  );
}

function setup({
  persistDelayMs = 300,
  holder,
}: { persistDelayMs?: number; holder?: Record<string, unknown> } = {}) {
  const storage = memoryStorage();
  const store = createApplicationStore({ storage, key: KEY, persistDelayMs });
  if (holder) store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
  const writesBefore = storage.writes;
  const onSubmit = vi.fn<(data: StepData) => void>();
  render(<Step store={store} onSubmit={onSubmit} />);
  return { storage, store, user: userEvent.setup(), onSubmit, writes: () => storage.writes - writesBefore };
}

/**
 * Types `text` at the end of the field, one input event per key, all in one go: no pause can
 * pass between the keys, nor after the last one until the test awaits something.
 */
function typeKeys(input: HTMLElement, text: string) {
  for (const key of text)
    fireEvent.input(input, { target: { value: (input as HTMLInputElement).value + key } });
}

/** Lets the keys pause long enough for the field to hand its value to the form. */
const typingPause = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, TYPING_PAUSE_MS + 50)));

const fullName = 'step-basic-details_policyHolder_fullName';
const dateOfBirth = 'step-basic-details_policyHolder_dateOfBirth';

const nameIn = (store: ApplicationStore) => store.getState().basicDetails.policyHolder.fullName;
const savedName = (storage: MemoryStorage) =>
  (storage.json(KEY) as { basicDetails: { policyHolder: { fullName?: string } } } | null)?.basicDetails
    .policyHolder.fullName;

/** A key as the browser delivers it, outside any act(): React renders the field and nothing waits. */
function browserKey(input: HTMLInputElement, value: string) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

describe('a keystroke in a step', () => {
  it('re-renders its own field and no other, and reaches the application once the keys pause', async () => {
    const { store } = setup();
    const input = screen.getByLabelText(/Full Name/);
    // The first change of a step may settle other fields' data (RJSF's defaults); later ones do not.
    typeKeys(input, 'A');
    await typingPause();
    expect(nameIn(store)).toBe('A');
    renders.clear();
    typeKeys(input, 'sha');
    expect(input).toHaveProperty('value', 'Asha');
    expect(nameIn(store)).toBe('A');
    expect([...renders.keys()]).toEqual([fullName]);
    await typingPause();
    expect(nameIn(store)).toBe('Asha');
  });

  it('in the date of birth too: the age follows the keys, the form has the date once they pause', async () => {
    const { store } = setup();
    const input = screen.getByLabelText(/Date of Birth/);
    typeKeys(input, '0');
    await typingPause();
    renders.clear();
    typeKeys(input, '1011970');
    expect(input).toHaveProperty('value', '01/01/1970');
    expect(screen.getByText(/^\d+ Years$/).tagName).toBe('OUTPUT');
    expect([...renders.keys()]).toEqual([dateOfBirth]);
    expect(store.getState().basicDetails.policyHolder.dateOfBirth).toBe('0');
    await typingPause();
    expect(store.getState().basicDetails.policyHolder.dateOfBirth).toBe('1970-01-01');
  });

  it('is handed over at once when the field is left', async () => {
    const { user, store } = setup();
    const input = screen.getByLabelText(/Full Name/);
    input.focus();
    typeKeys(input, 'Ravi');
    expect(nameIn(store)).toBeUndefined();
    await user.tab();
    expect(nameIn(store)).toBe('Ravi');
  });

  it('writes nothing to session storage per key, and what was typed when the page is left', async () => {
    const { user, storage, store, writes } = setup({ persistDelayMs: 60_000 });
    await user.type(screen.getByLabelText(/Full Name/), 'Ravi Kumar');
    await typingPause();
    expect(nameIn(store)).toBe('Ravi Kumar');
    expect(writes()).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(writes()).toBe(1);
    expect(savedName(storage)).toBe('Ravi Kumar');
  });

  it('keeps a key whose change has not reached the form yet when the page is left', () => {
    const { storage, store } = setup({ persistDelayMs: 60_000 });
    const input = screen.getByLabelText(/Full Name/) as HTMLInputElement;
    browserKey(input, 'Sunita');
    expect(input.value).toBe('Sunita');
    expect(nameIn(store)).toBeUndefined();
    window.dispatchEvent(new Event('pagehide'));
    expect(savedName(storage)).toBe('Sunita');
  });

  it('keeps a key that has not reached the form yet when the page is hidden (the phone locks)', () => {
    const { storage } = setup({ persistDelayMs: 60_000 });
    browserKey(screen.getByLabelText(/Full Name/) as HTMLInputElement, 'Meena');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      visibility.mockRestore();
    }
    expect(savedName(storage)).toBe('Meena');
  });

  it("keeps a key that has not reached the form yet when the browser's back button is pressed", () => {
    const { store } = setup();
    browserKey(screen.getByLabelText(/Full Name/) as HTMLInputElement, 'Gita');
    expect(nameIn(store)).toBeUndefined();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(nameIn(store)).toBe('Gita');
  });

  it('is handed over before another field changes, so a rule that field sets off applies to it', () => {
    const { store } = setup();
    const mobile = screen.getByLabelText(/Mobile Number/) as HTMLInputElement;
    mobile.focus();
    typeKeys(mobile, '9876543210');
    // The dial code changes with the number still a draft (no blur: a script, an assistive tool).
    fireEvent.change(screen.getByLabelText(/Country Code/), { target: { value: '44' } });
    expect(store.getState().basicDetails.policyHolder.countryCode).toBe('44');
    // The plan's rule clears the number when the code changes: the typed number is not restored.
    expect(store.getState().basicDetails.policyHolder.mobileNumber).toBeUndefined();
    expect(mobile.value).toBe('');
  });

  it('submitted straight after the last key, with no blur and no pause, submits that key', async () => {
    const { onSubmit } = setup({ holder: validHolder });
    const input = screen.getByLabelText(/Full Name/);
    input.focus();
    fireEvent.input(input, { target: { value: '' } });
    typeKeys(input, 'Ravi Verma');
    expect(document.activeElement).toBe(input);
    fireEvent.submit(input.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      policyHolder: { ...validHolder, fullName: 'Ravi Verma' },
    });
  });

  it('submitted with Enter in the field, submits what was typed', async () => {
    const { user, onSubmit } = setup({ holder: validHolder });
    const input = screen.getByLabelText(/Mobile Number/);
    await user.clear(input);
    await user.type(input, '9123456789{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ policyHolder: { mobileNumber: '9123456789' } });
  });
});
