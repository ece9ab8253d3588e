import { describe, expect, it } from 'vitest';
import {
  applicationReducer,
  initialApplicationState,
  setAtPointer,
} from '../../../engine/state/applicationState.ts';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import { stepSubmitAction } from '../../../engine/state/stepActions.ts';
import { memoryStorage } from '../support/memoryStorage.ts';

describe('application state (spec 01 §3, §4)', () => {
  it('starts with the spec sections and journey defaults', () => {
    const state = initialApplicationState();
    expect(state.planDetails).toEqual({ isFilled: false });
    expect(state.journeyDetails.primary).toEqual({ type: 'manual', edit: true, image: '' });
    expect(state.applicationSubmitted).toBe(false);
    expect(state).toHaveProperty('investmentStratergies');
  });

  it('saving basic details replaces that person and empties plan details; updating merges', () => {
    let state = applicationReducer(initialApplicationState(), {
      type: 'savePlanDetails',
      data: { planOption: 'T54A' },
    });
    expect(state.planDetails).toEqual({ planOption: 'T54A', isFilled: true });
    state = applicationReducer(state, {
      type: 'updateBasicDetails',
      userType: 'policyHolder',
      data: { fullName: 'Asha Rani', pincode: '400001' },
    });
    expect(state.planDetails.isFilled).toBe(true);
    state = applicationReducer(state, {
      type: 'updateBasicDetails',
      userType: 'policyHolder',
      data: { fullName: 'Asha Devi' },
    });
    expect(state.basicDetails.policyHolder).toEqual({ fullName: 'Asha Devi', pincode: '400001' });
    state = applicationReducer(state, {
      type: 'saveBasicDetails',
      userType: 'policyHolder',
      data: { fullName: 'Ravi Kumar' },
    });
    expect(state.basicDetails.policyHolder).toEqual({ fullName: 'Ravi Kumar' });
    expect(state.planDetails).toEqual({ isFilled: false });
    state = applicationReducer(state, { type: 'saveBasicDetails', userType: 'insuredPerson' });
    expect(state.basicDetails.insuredPerson).toEqual({});
  });

  it('resume merges a saved data set over the defaults', () => {
    const state = applicationReducer(initialApplicationState(), {
      type: 'resume',
      data: {
        applicationNumber: 'AB12',
        basicDetails: { policyHolder: { fullName: 'X Y' }, insuredPerson: {} },
      },
    });
    expect(state.applicationNumber).toBe('AB12');
    expect(state.pdNomineeDetails).toEqual({ nominees: [] });
  });

  it('setAt writes immutably along the path only', () => {
    const state = initialApplicationState();
    const next = setAtPointer(state, '/basicDetails/policyHolder', { fullName: 'A B' });
    expect(next.basicDetails.policyHolder).toEqual({ fullName: 'A B' });
    expect(next.planDetails).toBe(state.planDetails);
    expect(state.basicDetails.policyHolder).toEqual({});
  });

  it('turns a step onSubmit reference into the reducer action', () => {
    expect(
      stepSubmitAction(
        { type: 'saveBasicDetails', params: { userType: 'policyHolder', from: 'policyHolder' } },
        { policyHolder: { a: 1 } },
      ),
    ).toEqual({
      type: 'saveBasicDetails',
      userType: 'policyHolder',
      data: { a: 1 },
    });
    expect(() => stepSubmitAction({ type: 'launchRocket' }, {})).toThrow(/launchRocket/);
  });
});

describe('application store', () => {
  it('persists every change under the data-mapping key and restores it', () => {
    const storage = memoryStorage();
    const store = createApplicationStore({ storage, key: 'dataMapping:T54' });
    let notified = 0;
    store.subscribe(() => notified++);
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder/fullName', value: 'Ramesh Kumar' });
    expect(notified).toBe(1);
    expect(JSON.parse(storage.data.get('dataMapping:T54')!).basicDetails.policyHolder.fullName).toBe(
      'Ramesh Kumar',
    );
    const restored = createApplicationStore({ storage, key: 'dataMapping:T54' });
    expect(restored.getState().basicDetails.policyHolder).toEqual({ fullName: 'Ramesh Kumar' });
  });

  it('survives a corrupt entry and keeps the loading flag out of storage', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    const store = createApplicationStore({ storage, key: 'k' });
    expect(store.getState()).toEqual(initialApplicationState());
    store.setLoading(true);
    expect(store.isLoading()).toBe(true);
    expect(storage.data.has('k')).toBe(false);
  });
});
