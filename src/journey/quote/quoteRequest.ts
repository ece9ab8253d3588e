import type { PlanConfig } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { parseGroupedAmount } from '../../../engine/validation/rules.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { splitName } from '../names.ts';

type Person = Record<string, unknown>;

/** spec 02 §3.7: salutation by gender; Other goes to the quote service as Transgender. */
const SALUTATION: Record<string, string> = { Male: 'Mr.', Female: 'Ms.', Other: 'Mx.' };
const QUOTE_GENDER: Record<string, string> = { Male: 'Male', Female: 'Female', Other: 'Transgender' };

/** buyFor values for which the policy holder is the life assured (the rest buy for someone else). */
const HOLDER_IS_LIFE = new Set([undefined, '', 'Myself', 'Joint Life']);

/** Employee codes the staff bonus accepts (spec 02 §5.3: digits, not all zeros, max 12). */
const EMPLOYEE_CODE = /^(?!0+$)[0-9]{1,12}$/;

/**
 * The life a quote prices: the policy holder buying for themselves (or with a joint life),
 * otherwise the insured person — the spouse or child bought for, or an organisation's
 * annuitant (an organisation has no age of its own to price).
 */
export function lifeAssured(state: ApplicationState): Person {
  const holder = state.basicDetails.policyHolder as Person;
  const insured = (state.basicDetails.insuredPerson ?? {}) as Person;
  const organisation = holder.proposalType !== undefined && holder.proposalType !== 'Individual';
  if (organisation || !HOLDER_IS_LIFE.has(holder.buyFor as string | undefined)) return insured;
  return holder;
}

function personDetail(person: Person) {
  const names = splitName(person.fullName);
  return {
    Salutation: SALUTATION[String(person.gender)] ?? 'Mx.',
    FirstName: names.firstname,
    MiddleName: names.middlename,
    LastName: names.lastname,
    Gender: QUOTE_GENDER[String(person.gender)] ?? 'Transgender',
    IsSmoker: person.isSmoker === 'Y' || person.smoking === 'Y',
    DOB: person.dateOfBirth,
    EmailId: person.emailId ?? '',
    MobileNumber: person.mobileNumber ?? '',
    ...(person.relation ? { Relationship: person.relation } : {}),
  };
}

/** An amount typed with Indian grouping as a number; other values as they are. */
function wireValue(value: unknown): unknown {
  if (typeof value === 'string' && /^[0-9][0-9,]*$/.test(value) && value.includes(','))
    return parseGroupedAmount(value);
  return value;
}

/** The plan's own fields of the request (plan.json quote.planSection). */
function planSection(state: ApplicationState, config: PlanConfig): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(config.quote?.planSection ?? {})) {
    const value = typeof source === 'string' ? wireValue(getByPointer(state, source)) : source.const;
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

/** The staff answer, once employer and a valid employee code are given (spec 02 §4.6). */
function staffOf(state: ApplicationState, config: PlanConfig): Person | undefined {
  if (!config.quote?.staff) return undefined;
  const answered = getByPointer(state, config.quote.staff) as Person | undefined;
  return answered?.status === 'Y' &&
    answered.employeer &&
    EMPLOYEE_CODE.test(String(answered.employeeCode ?? ''))
    ? answered
    : undefined;
}

/** The quote request (docs/design/generic-journey.md) for the application, priced at `today`. */
export function buildQuoteRequest(state: ApplicationState, config: PlanConfig, today: string) {
  const life = lifeAssured(state);
  const insured = (state.basicDetails.insuredPerson ?? {}) as Person;
  const second =
    config.quote?.secondLife && holds(config.quote.secondLife.when, state) && insured.dateOfBirth
      ? insured
      : undefined;
  const staff = staffOf(state, config);
  return {
    LifeAssuredDetail: personDetail(life),
    ...(second && second !== life ? { SecondaryLifeAssuredDetail: personDetail(second) } : {}),
    ProposerDetail: personDetail(state.basicDetails.policyHolder as Person),
    PlanSectionDetails: {
      ProductUIN: config.uin,
      ProductName: config.productName,
      ProposalStartDate: today,
      ...planSection(state, config),
      IsStaff: Boolean(staff),
      EmployeeCode: staff ? String(staff.employeeCode) : '',
      Employer: staff ? String(staff.employeer) : '',
      Operation: 'generateBI',
      channelType: 'Online',
    },
    agentInformation: {},
    isInstaQuote: true,
    isDIY: false,
    ...(state.applicationNumber ? { ApplicationNumber: state.applicationNumber } : {}),
  };
}

/** The inputs a quote depends on; a change in any of them needs a new quote. */
export function quoteInputsKey(state: ApplicationState, config: PlanConfig): string {
  const request = buildQuoteRequest(state, config, '');
  return JSON.stringify([
    request.LifeAssuredDetail,
    request.SecondaryLifeAssuredDetail,
    request.PlanSectionDetails,
  ]);
}
