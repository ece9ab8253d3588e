import { readCommonDocuments } from '../../../plans/nodePlanSource.ts';
import { type JsonSchema, choice, invalid, object, optionalText, text } from '../../lib/specSchema.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';

/**
 * The quote request of spec 02 §7, for every plan (docs/design/generic-journey.md):
 * PascalCase sections (LifeAssuredDetail, PlanSectionDetails, ProposerDetail), plus
 * SecondaryLifeAssuredDetail for a second life and our optional ApplicationNumber.
 *
 * This declared schema checks the common part only: the lives, and of PlanSectionDetails the
 * fields every plan sends (the product, the proposal date, the staff question, the channel).
 * PlanSectionDetails stays open here; the plan's own fields are checked against its
 * calculator's inputSchema (calculatorInputs.ts), which also drops what neither knows.
 */
export interface PersonDetail {
  Salutation?: string;
  FirstName?: string;
  MiddleName?: string;
  LastName?: string;
  FullName?: string;
  /** Male, Female, Other, or Transgender (how the journey sends Other). */
  Gender?: string;
  IsSmoker?: boolean;
  /** yyyy-mm-dd (dd/mm/yyyy accepted). */
  DOB?: string;
  EmailId?: string;
  MobileNumber?: string;
  /** Second life only: relationship with the proposer. */
  Relationship?: string;
}

/** The fields of PlanSectionDetails every plan sends; the calculator's own fields come beside them. */
export interface CommonPlanSection {
  ProductUIN: string;
  ProductName?: string;
  ProposalStartDate?: string;
  /** 'Single Life' or 'Joint Life' where the plan prices a second life (spec 02 §7). */
  AnnuityFor?: string;
  IsStaff?: boolean | string;
  EmployeeCode?: string;
  Employer?: string;
  Operation?: string;
  channelType?: string;
}

export type PlanSectionDetails = CommonPlanSection & Record<string, unknown>;

export interface QuoteRequest {
  LifeAssuredDetail: PersonDetail & { Gender: string; DOB: string };
  PlanSectionDetails: PlanSectionDetails;
  ProposerDetail?: PersonDetail;
  SecondaryLifeAssuredDetail?: PersonDetail;
  agentInformation?: Record<string, never>;
  isInstaQuote?: boolean;
  isDIY?: boolean;
  ApplicationNumber?: string;
}

/** The employer list of the staff question (schemas/common/enums.schema.json `employer`). */
function employers(): string[] {
  const enums = readCommonDocuments().find((doc) => String(doc.$id).endsWith('/common/enums.schema.json'));
  const employer = (enums?.$defs as Record<string, { oneOf?: { const: string }[] }> | undefined)?.employer;
  if (!employer?.oneOf?.length) throw new Error('schemas/common/enums.schema.json has no employer list');
  return employer.oneOf.map((item) => item.const);
}

const DATE = '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}/[0-9]{2}/[0-9]{4})$';
const NAME = { maxLength: 50, pattern: '^[A-Za-z]+( [A-Za-z]+)*$' };
export const GENDERS = ['Male', 'Female', 'Transgender', 'Other'] as const;
const YES_NO = ['Y', 'N', 'Yes', 'No', 'true', 'false'];

function person(required: readonly string[]): JsonSchema {
  return object(
    {
      Salutation: optionalText('Salutation', { maxLength: 10 }),
      FirstName: optionalText('First Name', NAME, QUOTE_MESSAGES.fullName),
      MiddleName: optionalText('Middle Name', NAME, QUOTE_MESSAGES.fullName),
      LastName: optionalText('Last Name', NAME, QUOTE_MESSAGES.fullName),
      FullName: optionalText('Full Name', { maxLength: 50, pattern: NAME.pattern }, QUOTE_MESSAGES.fullName),
      Gender: choice('Gender', GENDERS, QUOTE_MESSAGES.gender),
      IsSmoker: { type: 'boolean', title: 'Smoker', errorMessage: invalid('Smoker') },
      DOB: text('Date of Birth', { pattern: DATE }, QUOTE_MESSAGES.dateOfBirth),
      EmailId: optionalText('Email ID', {
        maxLength: 50,
        pattern: '^[\\w.-]+@[A-Za-z]+\\.[A-Za-z]{2,}(\\.[A-Za-z]{2,})?$',
      }),
      MobileNumber: optionalText('Mobile Number', { pattern: '^[0-9]{7,15}$' }),
      Relationship: optionalText('Relationship', { maxLength: 50 }),
    },
    required,
  );
}

/** The common PlanSectionDetails fields, as declared (the rest is the calculator's). */
function commonPlanSection(): Record<string, JsonSchema> {
  return {
    ProductUIN: text('Product UIN', { minLength: 1, maxLength: 20 }, QUOTE_MESSAGES.productUin),
    ProductName: optionalText('Product Name', { maxLength: 100 }),
    ProposalStartDate: optionalText('Proposal Start Date', { pattern: DATE }),
    AnnuityFor: choice('Annuity For', ['Single Life', 'Joint Life', 'Single', 'Joint']),
    IsStaff: {
      type: ['boolean', 'string'],
      title: 'Staff',
      enum: [true, false, ...YES_NO],
      errorMessage: invalid('Staff'),
    },
    EmployeeCode: optionalText('Employee Code', { maxLength: 12, pattern: '^(?!0+$)[0-9]{1,12}$' }),
    Employer: { ...choice('Employer', ['', ...employers()]) },
    Operation: optionalText('Operation', { maxLength: 50 }),
    channelType: choice('Channel Type', ['Online']),
  };
}

/** Names of the common PlanSectionDetails fields (what the server reads itself). */
export const COMMON_PLAN_SECTION_FIELDS: readonly string[] = Object.keys(commonPlanSection());

/** The declared body schema (validated with the spec's messages, see applySpecValidation). */
export function quoteRequestSchema(): JsonSchema {
  return object(
    {
      LifeAssuredDetail: { ...person(['Gender', 'DOB']), title: 'Life Assured Details' },
      PlanSectionDetails: {
        ...object(commonPlanSection(), ['ProductUIN']),
        // Open: the plan's own fields are checked against its calculator's inputSchema.
        additionalProperties: true,
        title: 'Plan Details',
      },
      ProposerDetail: { ...person([]), title: 'Proposer Details' },
      SecondaryLifeAssuredDetail: { ...person(['Gender', 'DOB']), title: 'Second Life Details' },
      agentInformation: { ...object({}), title: 'Agent Information' },
      isInstaQuote: { type: 'boolean', errorMessage: invalid('isInstaQuote') },
      isDIY: { type: 'boolean', errorMessage: invalid('isDIY') },
      ApplicationNumber: optionalText('Application Number', { pattern: APPLICATION_NUMBER_PATTERN }),
    },
    ['LifeAssuredDetail', 'PlanSectionDetails'],
  );
}

/** IsStaff as a flag: true, 'Y', 'Yes' or 'true'. */
export function isStaff(value: boolean | string | undefined): boolean {
  return value === true || value === 'Y' || value === 'Yes' || value === 'true';
}

/** The name as the illustration prints it: FullName, or First Middle Last. */
export function displayName(detail: PersonDetail | undefined): string {
  if (!detail) return '';
  const full = detail.FullName?.trim();
  if (full) return full;
  return [detail.FirstName, detail.MiddleName, detail.LastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether the request prices a second life: `AnnuityFor` 'Joint Life' (or 'Joint'), the field
 * the spec's request has for it. SecondaryLifeAssuredDetail is then required; otherwise it
 * is ignored, so a stale second life left in the browser's store never changes a price.
 */
export function asksForSecondLife(plan: CommonPlanSection): boolean {
  return plan.AnnuityFor?.startsWith('Joint') === true;
}
