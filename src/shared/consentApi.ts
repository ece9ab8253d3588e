import type { ConsentDefinition } from './consents.ts';

/** The consent routes (src/server/api/consents/consentRoutes.ts), as the browser calls them. */
export const CONSENT_PATHS = {
  current: '/buyonlineoauth/consents/current',
  change: '/buyonlineoauth/consents/change',
} as const;

/** One consent as the visitor's preferences show it: its wording, whether it is in force, since when. */
export interface ConsentAnswer extends ConsentDefinition {
  granted: boolean;
  /** When the consent in force was recorded; null when none is recorded yet. */
  recordedAt: string | null;
}
