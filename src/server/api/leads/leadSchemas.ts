import { commonPattern } from '../../lib/commonPattern.ts';
import { choice, object, optionalText, text, type JsonSchema } from '../../lib/specSchema.ts';

/*
 * Bodies and answers of the lead, CRM, call-centre and stage-report pushes (spec 02 §7).
 * Field rules are the browser's where it has them (schemas/common/defs.schema.json);
 * integrations often send '' for what they do not know, so optional fields accept ''.
 */

/** One or more words of letters: a first, middle or last name. */
const NAME_PART = '^[A-Za-z]+( [A-Za-z]+)*$';
/** Letters and digits, at most 11 (spec 02 §5.1). */
export const APPLICATION_NUMBER = '^[A-Za-z0-9]{1,11}$';
/** What the journey sends as a date of birth: yyyy-mm-dd or dd/mm/yyyy (a day that exists and has come: format birth-date, src/server/lib/dateFormats.ts). */
const DATE = '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}/[0-9]{2}/[0-9]{4})$';
/** The call-centre record's date: yyyymmdd, without dashes. */
const COMPACT_DATE = '^[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$';

const MOBILE = () => commonPattern('indianMobileNumber');
const EMAIL = () => commonPattern('emailId');
const PINCODE = () => commonPattern('pincode');
const INCOME = () => commonPattern('annualIncome');

const upTo = (label: string, maxLength: number) => optionalText(label, { maxLength });

export const GENDERS = ['Male', 'Female', 'Other'] as const;
/** Gender as the call centre takes it (spec 02 §3.7). */
export const GENDER_CODES = ['M', 'F', 'O'] as const;
export const STAGE_NAMES = ['Lead', 'Quote', 'Pay Later'] as const;

/** spec 02 §7: the CRM `source` when the visitor came without a lead source. */
export const DEFAULT_CRM_SOURCE = 'Website Buy Online';

export function crmLeadBody(): JsonSchema {
  const request = object(
    {
      applicationno: optionalText('Application Number', { pattern: APPLICATION_NUMBER }),
      source: upTo('Source', 100),
      utm_source: upTo('UTM Source', 250),
      utm_medium: upTo('UTM Medium', 250),
      utm_campaign: upTo('UTM Campaign', 250),
      utm_content: upTo('UTM Content', 250),
      utm_term: upTo('UTM Term', 250),
      state: upTo('State', 60),
      firstname: text('First Name', { maxLength: 50, pattern: NAME_PART }),
      lastname: optionalText('Last Name', { maxLength: 50, pattern: NAME_PART }),
      quoteid: optionalText('Quote ID', { maxLength: 20, pattern: '^[A-Za-z0-9-]+$' }),
      emailid: optionalText('Email ID', { maxLength: 50, pattern: EMAIL() }),
      pincode: optionalText('Pincode', { pattern: PINCODE() }),
      mobilenumber: text('Mobile Number', { pattern: MOBILE() }),
      sourceName: upTo('Source Name', 100),
      gender: choice('Gender', [...GENDERS, ...GENDER_CODES, '']),
      DOB: optionalText('Date of Birth', { pattern: DATE, format: 'birth-date' }),
      productname: text('Product Name', { minLength: 1, maxLength: 100 }),
      partnerName: upTo('Partner Name', 100),
      agentNumber: upTo('Agent Number', 50),
      sourceOfBusiness: upTo('Source of Business', 50),
      contractRegister: upTo('Contract Register', 50),
      income: optionalText('Income', { maxLength: 21, pattern: INCOME() }),
      education: upTo('Education', 50),
      occupation: upTo('Occupation', 100),
      lead_id: upTo('Lead Id', 30),
      pushed_date: optionalText('Pushed Date', { maxLength: 30, format: 'timestamp' }),
      GCLID: upTo('GCLID', 300),
      FBCLID: upTo('FBCLID', 300),
      comments: upTo('Comments', 1000),
      staffDetails: {
        title: 'Staff Details',
        description:
          'The staff indicator (spec 02 §6): a text, or {status, employeer (spelt so), employeeCode}.',
        type: ['string', 'object'],
        maxLength: 200,
        properties: {
          status: { type: 'string', enum: ['Y', 'N', ''] },
          employeer: { type: 'string', maxLength: 100 },
          employeeCode: { type: 'string', maxLength: 12 },
        },
        additionalProperties: false,
        errorMessage: 'Please enter valid staff details.',
      },
    },
    ['firstname', 'mobilenumber', 'productname'],
  );
  return object({ Eterm_CRM_Lead_Req: { ...request, title: 'Lead details' } }, ['Eterm_CRM_Lead_Req']);
}

/** The lead call of the basic-details flow; an `access_token` in the body is dropped, never stored. */
export function basicLeadBody(): JsonSchema {
  return object(
    {
      firstname: text('First Name', { maxLength: 50, pattern: NAME_PART }),
      middlename: optionalText('Middle Name', { maxLength: 50, pattern: NAME_PART }),
      lastname: optionalText('Last Name', { maxLength: 50, pattern: NAME_PART }),
      gender: choice('Gender', [...GENDERS, '']),
      mobilenumber: text('Mobile Number', { pattern: MOBILE() }),
      emailid: optionalText('Email ID', { maxLength: 50, pattern: EMAIL() }),
      DOB: optionalText('Date of Birth', { pattern: DATE, format: 'birth-date' }),
      productname: text('Product Name', { minLength: 1, maxLength: 100 }),
    },
    ['firstname', 'mobilenumber', 'productname'],
  );
}

/** Sampark: `field1`…`field21` carry gender, medium, product, lead source, income, … as the caller maps them. */
export function samparkLeadBody(): JsonSchema {
  const fields = Object.fromEntries(
    Array.from({ length: 21 }, (_, i) => [`field${i + 1}`, upTo(`Field ${i + 1}`, 250)]),
  );
  const record = object(
    {
      first_name: text('First Name', { maxLength: 50, pattern: NAME_PART }),
      phone: text('Mobile Number', { pattern: MOBILE() }),
      email: optionalText('Email ID', { maxLength: 50, pattern: EMAIL() }),
      dob: optionalText('Date of Birth', { pattern: DATE, format: 'birth-date' }),
      ...fields,
    },
    ['first_name', 'phone'],
  );
  const oneRecord = 'Please send exactly one lead record.';
  return object(
    {
      command: choice('Command', ['leadpush']),
      data: {
        title: 'Lead records',
        type: 'array',
        minItems: 1,
        maxItems: 1,
        items: record,
        errorMessage: { type: oneRecord, minItems: oneRecord, maxItems: oneRecord },
      },
    },
    ['command', 'data'],
  );
}

function callCentrePerson(required: string[]): JsonSchema {
  return object(
    {
      salutation: choice('Salutation', ['Mr.', 'Ms.', 'Mx.', '']),
      firstName: text('First Name', { maxLength: 50, pattern: NAME_PART }),
      middleName: optionalText('Middle Name', { maxLength: 50, pattern: NAME_PART }),
      lastName: optionalText('Last Name', { maxLength: 50, pattern: NAME_PART }),
      gender: choice('Gender', GENDER_CODES),
      dateOfBirth: text('Date of Birth', { pattern: COMPACT_DATE, format: 'birth-date' }),
      email: optionalText('Email ID', { maxLength: 50, pattern: EMAIL() }),
      mobileNumber: optionalText('Mobile Number', { pattern: MOBILE() }),
      alternateNumber: optionalText('Alternate Number', { pattern: '^[0-9]{7,15}$' }),
    },
    required,
  );
}

/** The call-centre (dristi) record: proposer and life assured, dates as yyyymmdd, gender M/F/O. */
export function dristiBody(): JsonSchema {
  return object(
    {
      applicationNumber: text('Application Number', { pattern: APPLICATION_NUMBER }),
      proposer: {
        ...callCentrePerson(['firstName', 'gender', 'dateOfBirth', 'mobileNumber']),
        title: 'Proposer',
      },
      lifeAssured: { ...callCentrePerson(['firstName', 'gender', 'dateOfBirth']), title: 'Life Assured' },
      pincode: optionalText('Pincode', { pattern: PINCODE() }),
      city: upTo('City', 60),
      state: upTo('State', 60),
      occupation: upTo('Occupation', 100),
      education: upTo('Education', 50),
      nriFlag: choice('NRI', ['Y', 'N', '']),
      planName: upTo('Plan Name', 100),
      productName: upTo('Product Name', 100),
      dateAdded: upTo('Date Added', 30),
    },
    ['applicationNumber', 'proposer'],
  );
}

export function stageReportBody(): JsonSchema {
  return object(
    {
      applicationNumber: text('Application Number', { pattern: APPLICATION_NUMBER }),
      stageApiName: choice('Stage', STAGE_NAMES),
    },
    ['applicationNumber', 'stageApiName'],
  );
}

/* The answers, before sealing. Tests check opened answers against them. */

export const LEAD_ANSWER: JsonSchema = {
  type: 'object',
  required: ['Eterm_CRM_Lead_Resp'],
  additionalProperties: false,
  properties: {
    Eterm_CRM_Lead_Resp: {
      type: 'object',
      required: ['Status', 'StatusMessage'],
      additionalProperties: false,
      properties: {
        Status: { const: 'Success' },
        StatusMessage: { type: 'string', pattern: '^Lead created successfully with Lead Id LD[0-9]{10}$' },
      },
    },
  },
};

export const SAMPARK_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'leadId'],
  additionalProperties: false,
  properties: { status: { const: '200' }, leadId: { type: 'string', pattern: '^LD[0-9]{10}$' } },
};

export const DONE_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { const: '200' } },
};
