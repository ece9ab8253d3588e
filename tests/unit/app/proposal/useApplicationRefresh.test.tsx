// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApplicationStore, type KeyValueStorage } from '../../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../../../src/api/apiClient.ts';
import { useApplicationRefresh } from '../../../../src/app/proposal/useApplicationRefresh.ts';
import type { LoadedStep } from '../../../../engine/plan/types.ts';
import type { PlanSummary } from '../../../../src/plans/planSummary.ts';

afterEach(cleanup);

const KEY = 'dataMapping:T54';

function memoryStorage(initial: Record<string, unknown> | undefined): KeyValueStorage & { raw(): string } {
  const values = new Map<string, string>(initial ? [[KEY, JSON.stringify(initial)]] : []);
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    raw: () => values.get(KEY) ?? '',
  };
}

const tab = {
  applicationNumber: '6123456789',
  capability: 'old-capability',
  version: 3,
  userStage: 'personal-details',
  paymentDetails: {},
};

function fakeApi(answer: () => Promise<unknown>) {
  const post = vi.fn((_path: string, _body: unknown, _options?: unknown) => answer());
  const api = { post, get: vi.fn(), download: vi.fn() } as unknown as ApiClient;
  return { api: () => api, post };
}

function setUp(initial: Record<string, unknown> | undefined, answer: () => Promise<unknown>) {
  const storage = memoryStorage(initial);
  const store = createApplicationStore({ storage, key: KEY });
  const { api, post } = fakeApi(answer);
  const hook = renderHook(() => useApplicationRefresh(store, 'T54', api));
  return { storage, store, post, hook };
}

describe('useApplicationRefresh', () => {
  it("reads the tab's application back with its capability and merges the answer, capability and version", async () => {
    const { store, post, hook, storage } = setUp(tab, async () => ({
      status: '200',
      data: {
        applicationNumber: '6123456789',
        userStage: 'payment-details',
        paymentDetails: { payLater: true, status: 'failure' },
      },
      capability: 'new-capability',
      version: 4,
    }));
    expect(hook.result.current.status).toEqual({ kind: 'loading' });
    await waitFor(() => expect(hook.result.current.status).toEqual({ kind: 'fresh' }));
    expect(post).toHaveBeenCalledOnce();
    expect(post.mock.calls[0]).toEqual([
      '/buyonlineoauth/retrieve-data',
      { applicationNumber: '6123456789', retrieve: 'appnumber', productId: 'T54' },
      { capability: 'old-capability' },
    ]);
    expect(store.getState()).toMatchObject({
      userStage: 'payment-details',
      paymentDetails: { payLater: true, status: 'failure' },
      capability: 'new-capability',
      version: 4,
    });
    expect(JSON.parse(storage.raw())).toMatchObject({ capability: 'new-capability', version: 4 });
  });

  it("keeps the tab's copy and gives the server's reason when the read-back fails; the popup can be dismissed", async () => {
    const { store, hook } = setUp(tab, () =>
      Promise.reject(new ApiFailure('Please enter valid application number', 404)),
    );
    await waitFor(() =>
      expect(hook.result.current.status).toEqual({
        kind: 'failed',
        message: 'Please enter valid application number',
        dismissed: false,
      }),
    );
    expect(store.getState()).toMatchObject({ capability: 'old-capability', userStage: 'personal-details' });
    hook.result.current.dismiss();
    await waitFor(() => expect(hook.result.current.status).toMatchObject({ dismissed: true }));
  });

  it('tells an application already submitted (409) apart from a failure, and marks the tab’s copy submitted', async () => {
    const { hook, store } = setUp(tab, () =>
      Promise.reject(new ApiFailure('This application is already submitted.', 409)),
    );
    await waitFor(() => expect(hook.result.current.status).toEqual({ kind: 'submitted' }));
    // Submitted on another device: #/thank-you thanks this tab too.
    expect(store.getState().journeyFlag).toBe(true);
  });

  it('asks the server nothing for a tab without an application', () => {
    const { hook, post } = setUp(undefined, async () => ({}));
    expect(hook.result.current.status).toEqual({ kind: 'none' });
    expect(post).not.toHaveBeenCalled();
  });
});

describe('a read-back that waits for the screen', () => {
  it('starts only once `start` holds, and keeps going when it no longer does; `settled` resolves after it', async () => {
    const storage = memoryStorage(tab);
    const store = createApplicationStore({ storage, key: KEY });
    let answer!: (value: unknown) => void;
    const { api, post } = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const hook = renderHook(({ start }) => useApplicationRefresh(store, 'T54', api, start), {
      initialProps: { start: false },
    });
    expect(post).not.toHaveBeenCalled();
    expect(hook.result.current.status).toEqual({ kind: 'loading' });
    const settled = vi.fn();
    void hook.result.current.settled.then(settled);
    hook.rerender({ start: true });
    await waitFor(() => expect(post).toHaveBeenCalledOnce());
    hook.rerender({ start: false });
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    answer({ status: '200', data: { ...tab, userStage: 'bank-details' }, capability: 'c2', version: 4 });
    await waitFor(() => expect(hook.result.current.status).toEqual({ kind: 'fresh' }));
    await waitFor(() => expect(settled).toHaveBeenCalledOnce());
    expect(post).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ userStage: 'bank-details', version: 4 });
  });

  it('a save and a submission read the application after it: the version it brought is the one sent', async () => {
    const { saveProposalStep, submitProposal } =
      await import('../../../../src/app/proposal/proposalCalls.ts');
    const storage = memoryStorage({ ...tab, version: 3 });
    const store = createApplicationStore({ storage, key: KEY });
    const bodies: unknown[] = [];
    const api = {
      post: vi.fn(async (_path: string, body: unknown) => {
        bodies.push(body);
        return { status: '200', version: 5 };
      }),
      get: vi.fn(),
      download: vi.fn(),
    } as unknown as ApiClient;
    let finish!: () => void;
    // The read-back: it brings version 4 (the e-mandate's answer changed the application meanwhile).
    const settled = new Promise<void>((resolve) => (finish = resolve)).then(() =>
      store.dispatch({ type: 'updateMapping', data: { version: 4 } }),
    );
    const step = {
      id: 'personal-details/employment',
      definition: {
        bind: { employment: '/employmentDetails/primary' },
        submit: { stage: 'employment-details' },
      },
    } as unknown as LoadedStep;
    const saving = saveProposalStep(
      api,
      store,
      { productId: 'T54', planCode: 'T54' } as PlanSummary,
      'personal-details/employment',
      step,
      { employment: { occupation: 'SALR' } },
      settled,
    );
    await Promise.resolve();
    expect(api.post).not.toHaveBeenCalled();
    finish();
    await saving;
    expect(bodies[0]).toMatchObject({ version: 4, employmentDetails: { primary: { occupation: 'SALR' } } });
    expect(store.getState().version).toBe(5);

    store.dispatch({ type: 'updateMapping', data: { version: 7 } });
    let finishAgain!: () => void;
    const again = new Promise<void>((resolve) => (finishAgain = resolve)).then(() =>
      store.dispatch({ type: 'updateMapping', data: { version: 8 } }),
    );
    const submitting = submitProposal(api, store, again);
    await Promise.resolve();
    expect(bodies).toHaveLength(1);
    finishAgain();
    await submitting;
    expect(bodies[1]).toMatchObject({ version: 8 });
  });
});

describe('under StrictMode', () => {
  it('reads the application back once, and still reports it', async () => {
    const { StrictMode, createElement } = await import('react');
    const storage = memoryStorage(tab);
    const store = createApplicationStore({ storage, key: KEY });
    const { api, post } = fakeApi(async () => ({ status: '200', data: tab, capability: 'c', version: 4 }));
    const hook = renderHook(() => useApplicationRefresh(store, 'T54', api), {
      wrapper: ({ children }) => createElement(StrictMode, null, children),
    });
    await waitFor(() => expect(hook.result.current.status).toEqual({ kind: 'fresh' }));
    expect(post).toHaveBeenCalledOnce();
  });
});
