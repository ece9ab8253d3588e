import type { LookupFunction } from '../../engine/form/fieldLookups.ts';
import type { JourneyServices } from './JourneyServices.ts';
import { lookupPincode } from './pincodeLookup.ts';

/**
 * The lookups a journey's uiSchema may name (`"ui:options": { "lookup": "pincode" }`); the
 * proposal page adds the IFSC (src/app/proposal/proposalLookups.ts). plans:validate checks the
 * names (lookupNames.json lists both pages' for Node).
 */
export function createLookups(services: Pick<JourneyServices, 'api'>): Record<string, LookupFunction> {
  return {
    pincode: (value) => lookupPincode(services.api, value),
  };
}
