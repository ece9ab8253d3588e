// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApplicationStore, type KeyValueStorage } from '../../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../../../src/api/apiClient.ts';
import { useApplicationRefresh } from '../../../../src/app/proposal/useApplicationRefresh.ts';

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
