import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { lifeAssured } from '../../src/journey/quote/quoteRequest.ts';

const LIFE_FIELDS: Record<string, string> = {
  DOB: 'dateOfBirth',
  Gender: 'gender',
  FirstName: 'fullName',
  LastName: 'fullName',
  IsSmoker: 'smoking',
  Relationship: 'relation',
};

/** The place in the application a request field comes from ('LifeAssuredDetail.DOB' → '/basicDetails/policyHolder/dateOfBirth'). */
export function applicationPointer(
  field: string,
  state: ApplicationState,
  plan: LoadedPlan,
): string | undefined {
  const [section = '', name = ''] = field.split('.');
  if (section === 'PlanSectionDetails') {
    const source = plan.config.quote?.planSection?.[name];
    return typeof source === 'string' ? source : undefined;
  }
  const holder = state.basicDetails.policyHolder;
  const person =
    section === 'LifeAssuredDetail'
      ? lifeAssured(state) === holder
        ? '/basicDetails/policyHolder'
        : '/basicDetails/insuredPerson'
      : section === 'SecondaryLifeAssuredDetail'
        ? '/basicDetails/insuredPerson'
        : section === 'ProposerDetail'
          ? '/basicDetails/policyHolder'
          : undefined;
  if (!person) return undefined;
  return name ? `${person}/${LIFE_FIELDS[name] ?? name}` : person;
}
