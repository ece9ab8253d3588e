import type { ApiClient } from '../../../src/api/apiClient.ts';
import type { JourneyServices } from '../../../src/journey/JourneyServices.ts';
import { memoryStorage } from './memoryStorage.ts';

/** An API for a test that expects no call: every call fails, naming what was asked. */
export const noCalls: ApiClient = {
  post: (path) => Promise.reject(new Error(`no call expected: POST ${path}`)),
  get: (path) => Promise.reject(new Error(`no call expected: GET ${path}`)),
  download: (path) => Promise.reject(new Error(`no call expected: download ${path}`)),
};

/**
 * What the journey is given, for a test: storage in memory (a session and a local of their
 * own), a fixed clock (15 January 2026), no sealed entry link and an API that expects no call,
 * each replaced by what the test passes.
 */
export function testServices(overrides: Partial<JourneyServices> = {}): JourneyServices {
  return {
    api: noCalls,
    session: memoryStorage(),
    local: memoryStorage(),
    now: () => new Date(2026, 0, 15),
    openSealed: () => undefined,
    ...overrides,
  };
}
