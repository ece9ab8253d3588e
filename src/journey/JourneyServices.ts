import { createContext, useContext } from 'react';
import type { KeyValueStorage } from '../../engine/state/applicationStore.ts';
import type { ApiClient } from '../api/apiClient.ts';

/**
 * What the standard journey needs from the outside world, injected once by the page that
 * runs it (tests pass fakes): the API client, the tab's session storage (the application
 * state), the device's local storage (previous quotes) and the clock. No component of the
 * journey reaches for browserApi(), window.sessionStorage or window.localStorage.
 */
export interface JourneyServices {
  api: ApiClient;
  session: KeyValueStorage;
  local: KeyValueStorage;
  /** Today, for the quote's proposal date. */
  now(): Date;
  /** Opens a value sealed with the envelope (an entry link's `details`, spec 02 §2.1). */
  openSealed(text: string): unknown;
}

export const JourneyServicesContext = createContext<JourneyServices | undefined>(undefined);

export function useJourneyServices(): JourneyServices {
  const services = useContext(JourneyServicesContext);
  if (!services) throw new Error('The journey runs inside a JourneyServicesContext provider');
  return services;
}
