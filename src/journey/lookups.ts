import type { LookupFunction } from '../../engine/form/fieldLookups.ts';
import type { JourneyServices } from './JourneyServices.ts';
import { lookupIfsc } from './ifscLookup.ts';
import { lookupPincode } from './pincodeLookup.ts';

/**
 * The lookups a uiSchema may name (`"ui:options": { "lookup": "pincode" }`), one flat
 * registry; plans:validate checks the names (lookupNames.json lists them for Node).
 */
export function createLookups(services: Pick<JourneyServices, 'api'>): Record<string, LookupFunction> {
  return {
    pincode: (value) => lookupPincode(services.api, value),
    ifsc: (value) => lookupIfsc(services.api, value),
  };
}
