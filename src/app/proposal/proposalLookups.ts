import { useMemo } from 'react';
import type { LookupFunction } from '../../../engine/form/fieldLookups.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { createLookups } from '../../journey/lookups.ts';

/** The lookups the proposal's uiSchemas name (the pincode, the IFSC), through the page's client. */
export function useProposalLookups(api: ApiClient): Record<string, LookupFunction> {
  return useMemo(() => createLookups({ api }), [api]);
}
