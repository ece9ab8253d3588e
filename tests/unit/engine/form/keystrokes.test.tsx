// @vitest-environment jsdom
import { useCallback, useEffect, useMemo, type ComponentType } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { StepForm, type StepData } from '../../../../engine/form/StepForm.tsx';
import { buildPlan, commonDocuments } from '../../../../engine/plan/buildPlan.ts';
import {
  createApplicationStore,
  persistOnPageHide,
  type ApplicationStore,
} from '../../../../engine/state/applicationStore.ts';
import { useStoreSelector } from '../../../../engine/state/useStoreSelector.ts';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import { createBoundSelector } from '../../../../src/app/journey/boundData.ts';
import { readCommonDocuments, readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';
import { templates, widgets } from '../../../../widgets/registry.ts';
import { memoryStorage, type MemoryStorage } from '../../support/memoryStorage.ts';

/*
 * A keystroke in a step touches its field: the other fields do not re-render, and the
 * application reaches session storage after a pause or when the page goes, never per key.
 * The step is wired to the store the way the journey wires it.
 */

afterEach(cleanup);

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);
const step = plan.steps['basic-details']!;
const KEY = 'dataMapping:test';

/** Renders of each widget, by the id of its field. */
const renders = new Map<string, number>();
const counted: RegistryWidgetsType = Object.fromEntries(
  Object.entries(widgets).map(([name, Widget]) => {
    const Inner = Widget as ComponentType<WidgetProps>;
    const Counted = (props: WidgetProps) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return <Inner {...props} />;
    };
    return [name, Counted];
  }),
);

function Step({ store }: { store: ApplicationStore }) {
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
      onSubmit={() => undefined}
    />
  );
}

function setup({ persistDelayMs = 300 }: { persistDelayMs?: number } = {}) {
  const storage = memoryStorage();
  const store = createApplicationStore({ storage, key: KEY, persistDelayMs });
  render(<Step store={store} />);
  return { storage, store, user: userEvent.setup() };
}

const fullName = 'step-basic-details_policyHolder_fullName';

const savedName = (storage: MemoryStorage) =>
  (storage.json(KEY) as { basicDetails: { policyHolder: { fullName?: string } } } | null)?.basicDetails
    .policyHolder.fullName;

describe('a keystroke in a step', () => {
  it('re-renders its own field and no other', async () => {
    const { user, store } = setup();
    const input = screen.getByLabelText(/Full Name/);
    // The first change of a step may settle other fields' data (RJSF's defaults); later keys do not.
    await user.type(input, 'A');
    renders.clear();
    await user.type(input, 'sha');
    expect(store.getState().basicDetails.policyHolder.fullName).toBe('Asha');
    expect(renders.get(fullName)).toBeGreaterThan(0);
    const others = [...renders].filter(([id, count]) => id !== fullName && count > 0);
    expect(others).toEqual([]);
  });

  it('writes nothing to session storage per key, and what was typed when the page is left', async () => {
    const { user, storage, store } = setup({ persistDelayMs: 60_000 });
    await user.type(screen.getByLabelText(/Full Name/), 'Ravi Kumar');
    expect(store.getState().basicDetails.policyHolder.fullName).toBe('Ravi Kumar');
    expect(storage.writes).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(1);
    expect(savedName(storage)).toBe('Ravi Kumar');
  });

  it('keeps a key whose change has not reached the form yet when the page is left', async () => {
    const { storage } = setup({ persistDelayMs: 60_000 });
    const input = screen.getByLabelText(/Full Name/) as HTMLInputElement;
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      // A key as the browser delivers it: React renders the field at once and leaves the
      // form's change for later (a transition), which the page going away must not lose.
      input.focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Sunita');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      expect(input.value).toBe('Sunita');
      window.dispatchEvent(new Event('pagehide'));
      expect(savedName(storage)).toBe('Sunita');
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });
});
