import { useMemo } from 'react';
import type { LookupFunction } from '../../../engine/form/fieldLookups.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { lookupIfsc } from '../../journey/ifscLookup.ts';
import { lookupPincode } from '../../journey/pincodeLookup.ts';

/**
 * The lookups the proposal's uiSchemas name (the pincode of an address, the IFSC of a bank
 * account), through the page's client. The journey's (src/journey/lookups.ts) has no IFSC to
 * look up; src/journey/lookupNames.json lists both pages' names for plans:validate.
 */
export function proposalLookups(api: ApiClient): Record<string, LookupFunction> {
  return {
    pincode: (value) => lookupPincode(api, value),
    ifsc: (value) => lookupIfsc(api, value),
  };
}

/** The proposal's lookups, made once for the page's client. */
export function useProposalLookups(api: ApiClient): Record<string, LookupFunction> {
  return useMemo(() => proposalLookups(api), [api]);
}
