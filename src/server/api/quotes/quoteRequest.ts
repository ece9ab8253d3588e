import { readCommonDocuments } from '../../../plans/nodePlanSource.ts';
import { type JsonSchema, choice, invalid, object, optionalText, text } from '../../lib/specSchema.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';

/**
 * The quote request of spec 02 §7, as the quote service takes it: PascalCase sections
 * (LifeAssuredDetail, PlanSectionDetails, ProposerDetail), plus SecondaryLifeAssuredDetail for
 * the second life of a joint-life annuity (the spec does not show where the quote service
 * takes it) and our optional ApplicationNumber. Unknown fields are dropped, not stored.
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

export interface PlanSectionDetails {
  InstallmentPremiumAmount: number | string;
  SumAssured?: number | string;
  AnnualPremiumAmount?: number | string;
  PlanTerm?: number | string;
  ProductUIN: string;
  ProductName?: string;
  AnnuityFor: string;
  AnnuityFrequency: string | number;
  AnnuityOption: string;
  PremiumFrequency: string | number;
  PremiumPayingTerm: number | string;
  PremiumType?: string;
  ProposalStartDate?: string;
  IsStaff?: boolean | string;
  EmployeeCode?: string;
  Employer?: string;
  Operation?: string;
  channelType?: string;
}

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

/** A whole number of rupees or years, as a number or as digits (commas allowed in amounts). */
function wholeNumber(label: string, maxDigits: number, commas = false): JsonSchema {
  return {
    type: ['integer', 'string'],
    title: label,
    minimum: 0,
    maxLength: commas ? 21 : maxDigits,
    pattern: commas ? '^[0-9][0-9,]*$' : `^[0-9]{1,${maxDigits}}$`,
    errorMessage: invalid(label),
  };
}

/** A frequency by name (Yearly, Half Yearly, Quarterly, Monthly) or by its code (1, 2, 4, 12). */
function frequency(label: string): JsonSchema {
  return {
    type: ['string', 'integer'],
    title: label,
    minLength: 1,
    maxLength: 20,
    minimum: 1,
    errorMessage: invalid(label),
  };
}

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

/** The declared body schema (validated with the spec's messages, see applySpecValidation). */
export function quoteRequestSchema(): JsonSchema {
  return object(
    {
      LifeAssuredDetail: { ...person(['Gender', 'DOB']), title: 'Life Assured Details' },
      PlanSectionDetails: {
        ...object(
          {
            InstallmentPremiumAmount: wholeNumber('Investment Amount', 21, true),
            SumAssured: wholeNumber('Sum Assured', 12, true),
            AnnualPremiumAmount: wholeNumber('Annual Premium Amount', 21, true),
            PlanTerm: wholeNumber('Plan Term', 3),
            ProductUIN: text('Product UIN', { minLength: 1, maxLength: 20 }, QUOTE_MESSAGES.productUin),
            ProductName: optionalText('Product Name', { maxLength: 100 }),
            AnnuityFor: choice('Annuity For', ['Single Life', 'Joint Life', 'Single', 'Joint']),
            AnnuityFrequency: frequency('Annuity Frequency'),
            AnnuityOption: text('Annuity Option', { minLength: 1, maxLength: 200 }),
            PremiumFrequency: frequency('Premium Frequency'),
            PremiumPayingTerm: wholeNumber('Premium Paying Term', 2),
            PremiumType: choice('Premium Type', ['Limited']),
            ProposalStartDate: optionalText('Proposal Start Date', { pattern: DATE }),
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
          },
          [
            'InstallmentPremiumAmount',
            'ProductUIN',
            'AnnuityFor',
            'AnnuityFrequency',
            'AnnuityOption',
            'PremiumFrequency',
            'PremiumPayingTerm',
          ],
        ),
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

/** Digits of an amount or term as a number ('2,00,000' → 200000). */
export function wholeNumberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
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

export function isJoint(annuityFor: string): boolean {
  return annuityFor.startsWith('Joint');
}
