import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { PlanConfig } from '../../../engine/plan/types.ts';
import { parseGroupedAmount } from '../../../engine/validation/rules.ts';
import { splitName } from './basicDetailsSubmit.ts';

type Person = Record<string, unknown>;

/** spec 02 §3.7: salutation by gender; Other goes to the quote service as Transgender. */
const SALUTATION: Record<string, string> = { Male: 'Mr.', Female: 'Ms.', Other: 'Mx.' };
const QUOTE_GENDER: Record<string, string> = { Male: 'Male', Female: 'Female', Other: 'Transgender' };

/** The inputs a quote depends on; a change in any of them needs a new quote. */
export function quoteInputsKey(state: ApplicationState): string {
  const plan = state.planDetails as Person;
  const staff = ((state.personalDetails as Person)?.primary as Person | undefined)?.indiaFirstStaff as
    Person | undefined;
  return JSON.stringify([
    plan.investmentAmount,
    plan.investmentFrequency,
    plan.premiumPayingTerm,
    plan.annuityFrequency,
    plan.category,
    plan.planOption,
    state.basicDetails.policyHolder.dateOfBirth,
    state.basicDetails.policyHolder.gender,
    state.basicDetails.insuredPerson?.dateOfBirth,
    staff?.status,
    staff?.employeer,
    staff?.employeeCode,
  ]);
}

function lifeAssured(person: Person) {
  const names = splitName(person.fullName);
  return {
    Salutation: SALUTATION[String(person.gender)] ?? 'Mx.',
    FirstName: names.firstname,
    MiddleName: names.middlename,
    LastName: names.lastname,
    Gender: QUOTE_GENDER[String(person.gender)] ?? 'Transgender',
    IsSmoker: false,
    DOB: person.dateOfBirth,
    EmailId: person.emailId ?? '',
    MobileNumber: person.mobileNumber ?? '',
  };
}

/** The quote request of spec 02 §7 from the application state. */
export function buildQuoteRequest(state: ApplicationState, config: PlanConfig, today: string) {
  const plan = state.planDetails as Person;
  const holder = state.basicDetails.policyHolder as Person;
  const insured = state.basicDetails.insuredPerson as Person;
  const joint = plan.category === 'Joint' && insured && insured.dateOfBirth;
  const frequency = config.paymentFrequencies.find((f) => f.value === plan.investmentFrequency);
  const instalment = parseGroupedAmount(plan.investmentAmount) ?? 0;
  const answered = ((state.personalDetails as Person)?.primary as Person | undefined)?.indiaFirstStaff as
    Person | undefined;
  // The staff bonus is asked for once the employer and a valid employee code are given (spec 02 §4.6).
  const staff =
    answered?.status === 'Y' &&
    answered.employeer &&
    /^(?!0+$)[0-9]{1,12}$/.test(String(answered.employeeCode ?? ''))
      ? answered
      : undefined;
  return {
    LifeAssuredDetail: lifeAssured(holder),
    ...(joint ? { SecondaryLifeAssuredDetail: lifeAssured(insured) } : {}),
    ProposerDetail: lifeAssured(holder),
    PlanSectionDetails: {
      InstallmentPremiumAmount: instalment,
      SumAssured: 0,
      AnnualPremiumAmount: Math.round(instalment / (frequency?.annualisationDivisor ?? 1)),
      PlanTerm: plan.premiumPayingTerm,
      ProductUIN: config.uin,
      ProductName: config.productName,
      AnnuityFor: joint ? 'Joint Life' : 'Single Life',
      AnnuityFrequency: plan.annuityFrequency,
      AnnuityOption: plan.planOption,
      PremiumFrequency: plan.investmentFrequency,
      PremiumPayingTerm: plan.premiumPayingTerm,
      PremiumType: 'Limited',
      ProposalStartDate: today,
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

export interface QuoteSections {
  quoteNumber: string;
  installmentPremiumWithTaxFY?: number;
  annuityInstallmentAmount?: number;
  sumAssured?: number;
  annualPremium?: number;
  basePremiumAmount?: number;
  gstAmount?: number;
  [field: string]: unknown;
}
