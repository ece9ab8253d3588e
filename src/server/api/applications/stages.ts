/**
 * The journey stages of spec 02 §4.1 and the section of the application state each one
 * saves. A save stores its section whole, records the stage as the application's
 * userStage (resume routes by it, §4.2) and may carry basic details alongside.
 */
export interface StageDefinition {
  /** The stage name: the path segment under /buyonlineoauth/stages/ and the saved userStage. */
  stage: string;
  /** The state key the stage saves. */
  section: string;
  /** Further top-level fields of the payload kept in the state (spec 02 §7). */
  alsoKept?: readonly string[];
}

export const STAGES: readonly StageDefinition[] = [
  {
    stage: 'basic-details',
    section: 'basicDetails',
    alsoKept: [
      'source',
      'leadId',
      'branchCode',
      'partnerName',
      'agentNumber',
      'sourceOfBusiness',
      'contractRegister',
    ],
  },
  { stage: 'plan-details', section: 'planDetails' },
  { stage: 'personal-details', section: 'personalDetails' },
  { stage: 'journey-details', section: 'journeyDetails' },
  { stage: 'employment-details', section: 'employmentDetails' },
  { stage: 'pd-nominee-details', section: 'pdNomineeDetails' },
  { stage: 'other-policy-details', section: 'otherPolicyDetails' },
  { stage: 'bank-details', section: 'bankDetails' },
  { stage: 'fatca-details', section: 'fatcaDetails' },
  { stage: 'emandate-details', section: 'eMandateDetails' },
  { stage: 'payment-details', section: 'paymentDetails' },
  { stage: 'document', section: 'document' },
];

/** The stage whose section is the payment (spec 02 §3.6): the browser saves pay later through it. */
export const PAYMENT_STAGE = 'payment-details';

/** The stage of a new application. */
export const FIRST_STAGE = 'basic-details';
