import { describe, expect, it } from 'vitest';
import { ApiFailure, type ApiClient } from '../../../src/api/apiClient.ts';
import { lookupIfsc } from '../../../src/journey/ifscLookup.ts';

/** An API client whose GET answers (or fails) as given, recording the paths asked for. */
function fakeApi(answer: () => Promise<unknown>) {
  const paths: string[] = [];
  const api: ApiClient = {
    get: <T>(path: string) => {
      paths.push(path);
      return answer() as Promise<T>;
    },
    post: () => Promise.reject(new Error('no call expected')),
    download: () => Promise.reject(new Error('no call expected')),
  };
  return { api, paths };
}

const LISTED = {
  ifsc: 'SBIN0001234',
  bank: 'State Bank of India',
  bankCode: 'SBIN',
  branch: null,
  address: null,
  city: null,
  district: null,
  state: null,
};

describe('lookupIfsc', () => {
  it('answers the bank of a listed IFSC, leaving out the branch the registry does not have', async () => {
    const { api, paths } = fakeApi(() => Promise.resolve(LISTED));
    expect(await lookupIfsc(api, 'SBIN0001234')).toEqual({ bankName: 'State Bank of India' });
    expect(paths).toEqual(['/buyonlineoauth/ifsc/SBIN0001234']);
  });

  it('answers the branch with its city when the registry has them', async () => {
    const { api } = fakeApi(() => Promise.resolve({ ...LISTED, branch: 'Fort', city: 'Mumbai' }));
    expect(await lookupIfsc(api, 'SBIN0001234')).toEqual({
      bankName: 'State Bank of India',
      branch: 'Fort, Mumbai',
    });
    const { api: cityOnly } = fakeApi(() => Promise.resolve({ ...LISTED, city: 'Mumbai' }));
    expect(await lookupIfsc(cityOnly, 'SBIN0001234')).toEqual({
      bankName: 'State Bank of India',
      branch: 'Mumbai',
    });
  });

  it('answers undefined for an IFSC the server does not know (404) or refuses (400)', async () => {
    for (const status of [404, 400]) {
      const { api } = fakeApi(() => Promise.reject(new ApiFailure('We could not find this IFSC.', status)));
      expect(await lookupIfsc(api, 'ABCD0123456')).toBeUndefined();
    }
  });

  it('throws any other failure', async () => {
    const failure = new ApiFailure('Your session has expired.', 401);
    const { api } = fakeApi(() => Promise.reject(failure));
    await expect(lookupIfsc(api, 'SBIN0001234')).rejects.toBe(failure);
  });
});
