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

  it("the page's calls wait for it: a save starts after the read-back brought the server's version", async () => {
    const { afterRefresh } = await import('../../../../src/app/proposal/afterRefresh.ts');
    const order: string[] = [];
    let finish!: () => void;
    const refreshed = new Promise<void>((resolve) => (finish = resolve)).then(
      () => void order.push('refreshed'),
    );
    const inner = {
      post: vi.fn(async (path: string) => void order.push(`post ${path}`)),
      get: vi.fn(async (path: string) => void order.push(`get ${path}`)),
      download: vi.fn(async (path: string) => {
        order.push(`download ${path}`);
        return new Blob();
      }),
    } as unknown as ApiClient;
    const api = afterRefresh(inner, refreshed);
    const calls = Promise.all([api.post('/stages/x', {}), api.get('/ifsc/y'), api.download('/pdf')]);
    await Promise.resolve();
    expect(order).toEqual([]);
    finish();
    await calls;
    expect(order).toEqual(['refreshed', 'post /stages/x', 'get /ifsc/y', 'download /pdf']);
  });
});
