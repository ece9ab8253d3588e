import type { NamedRef } from '../plan/types.ts';
import {
  SAVE_SECTIONS,
  type ApplicationAction,
  type SaveSection,
  type UserType,
} from './applicationState.ts';

/**
 * A step's `onSubmit` in plan.json names an application-state action with params; this
 * turns it into the reducer action. `params.from` picks the form field whose value is saved.
 */
export function stepSubmitAction(ref: NamedRef, data: Record<string, unknown>): ApplicationAction {
  const params = ref.params ?? {};
  const value = (typeof params.from === 'string' ? data[params.from] : data) as Record<string, unknown>;
  switch (ref.type) {
    case 'saveBasicDetails':
    case 'updateBasicDetails':
      return { type: ref.type, userType: params.userType as UserType, data: value };
    case 'savePlanDetails':
      return { type: 'savePlanDetails', data: value };
    case 'saveSection':
      if (!SAVE_SECTIONS.includes(params.section as SaveSection))
        throw new Error(`Unknown section "${String(params.section)}"`);
      return { type: 'saveSection', section: params.section as SaveSection, data: value };
    default:
      throw new Error(`Unknown step action "${ref.type}"`);
  }
}

export const STEP_ACTION_NAMES = ['saveBasicDetails', 'updateBasicDetails', 'savePlanDetails', 'saveSection'];
