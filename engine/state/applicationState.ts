import application from '../../schemas/common/application.schema.json' with { type: 'json' };

/*
 * The application state of spec 01 §3 (and spec 02 §3.1) and its save/update semantics
 * (spec 01 §4), as a pure reducer. Persistence and React live elsewhere. The section
 * names are those of schemas/common/application.schema.json, which the server and
 * plans:validate read too (eMandateDetails and document, as the wire has them).
 */

export type Section = Record<string, unknown>;
export type UserType = 'policyHolder' | 'insuredPerson';

export interface ApplicationState {
  basicDetails: { policyHolder: Section; insuredPerson: Section };
  applicationNumber?: string;
  planDetails: Section & { isFilled: boolean };
  personalDetails: Section;
  investmentStratergies: Section; // spelt so on the wire
  paymentDetails: Section;
  pdNomineeDetails: Section & { nominees: unknown[] };
  travelDeclaration: Section;
  healthDetails: Section;
  lifeStyleQuestions: Section;
  employmentDetails: Section;
  eMandateDetails: Section;
  questionnaireDetails: Section;
  medicalDetails: Section;
  bankDetails: Section;
  fatcaDetails: Section & { primary: Section };
  otherPolicyDetails: Section;
  journeyDetails: Section & { primary: Section };
  sipDetails: Section;
  document: Section;
  applicationSubmitted: boolean;
  [extra: string]: unknown;
}

/** Sections saved whole by a named save action (spec 01 §4 "Other save actions"). */
export const SAVE_SECTIONS = [
  'investmentStratergies',
  'paymentDetails',
  'personalDetails',
  'employmentDetails',
  'pdNomineeDetails',
  'travelDeclaration',
  'lifeStyleQuestions',
  'medicalDetails',
  'otherPolicyDetails',
  'bankDetails',
  'fatcaDetails',
  'healthDetails',
  'journeyDetails',
  'document',
  'eMandateDetails',
  'sipDetails',
  'questionnaireDetails',
] as const;
export type SaveSection = (typeof SAVE_SECTIONS)[number];

export function initialApplicationState(): ApplicationState {
  return {
    basicDetails: { policyHolder: {}, insuredPerson: {} },
    planDetails: { isFilled: false },
    personalDetails: {},
    investmentStratergies: {},
    paymentDetails: {},
    pdNomineeDetails: { nominees: [] },
    travelDeclaration: {},
    healthDetails: {},
    lifeStyleQuestions: {},
    employmentDetails: {},
    eMandateDetails: {},
    questionnaireDetails: {},
    medicalDetails: {},
    bankDetails: {},
    fatcaDetails: { primary: {} },
    otherPolicyDetails: {},
    journeyDetails: { primary: { type: 'manual', edit: true, image: '' } },
    sipDetails: {},
    document: {},
    applicationSubmitted: false,
  };
}

export type ApplicationAction =
  /** Replaces (or, with no data, clears) one person's basic details and empties plan details. */
  | { type: 'saveBasicDetails'; userType: UserType; data?: Section }
  /** Merges into one person's basic details. */
  | { type: 'updateBasicDetails'; userType: UserType; data: Section }
  /** Saves plan details and marks them filled. */
  | { type: 'savePlanDetails'; data: Section }
  | { type: 'saveApplicationNumber'; applicationNumber: string }
  | { type: 'saveSection'; section: SaveSection; data: Section }
  /** Merges a whole saved data set (resume). */
  | { type: 'resume'; data: Partial<ApplicationState> }
  /** Shallow-merges top-level keys (mapping update). */
  | { type: 'updateMapping'; data: Partial<ApplicationState> }
  /** Replaces the value at a JSON Pointer (what a step form bound to that place edits). */
  | { type: 'setAt'; pointer: string; value: unknown }
  | { type: 'reset' };

/** Immutable write of `value` at a JSON Pointer, copying only the objects on the path. */
export function setAtPointer<T>(root: T, pointer: string, value: unknown): T {
  const segments = pointer.replace(/^\//, '').split('/').filter(Boolean);
  const write = (node: unknown, index: number): unknown => {
    if (index === segments.length) return value;
    const key = segments[index]!;
    const current = node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    const next = write(current[key], index + 1);
    return current[key] === next ? current : { ...current, [key]: next };
  };
  return write(root, 0) as T;
}

/** Old section names (spec 01 §3's browser names) -> the names kept; the new one wins when both are there. */
const LEGACY_NAMES = Object.fromEntries(
  Object.entries(application.$defs.legacySectionNames.properties).map(([old, kept]) => [old, kept.const]),
) as Record<string, string>;

function withKeptNames(data: Partial<ApplicationState>): Partial<ApplicationState> {
  if (!Object.keys(LEGACY_NAMES).some((old) => old in data)) return data;
  const renamed: Record<string, unknown> = { ...data };
  for (const [old, kept] of Object.entries(LEGACY_NAMES)) {
    if (!(old in renamed)) continue;
    if (!(kept in renamed)) renamed[kept] = renamed[old];
    delete renamed[old];
  }
  return renamed as Partial<ApplicationState>;
}

export function applicationReducer(state: ApplicationState, action: ApplicationAction): ApplicationState {
  switch (action.type) {
    case 'saveBasicDetails':
      return {
        ...state,
        basicDetails: { ...state.basicDetails, [action.userType]: action.data ? { ...action.data } : {} },
        planDetails: { isFilled: false },
      };
    case 'updateBasicDetails':
      return {
        ...state,
        basicDetails: {
          ...state.basicDetails,
          [action.userType]: { ...state.basicDetails[action.userType], ...action.data },
        },
      };
    case 'savePlanDetails':
      return { ...state, planDetails: { ...action.data, isFilled: true } };
    case 'saveApplicationNumber':
      return { ...state, applicationNumber: action.applicationNumber };
    case 'saveSection':
      return { ...state, [action.section]: { ...action.data } };
    case 'resume': {
      const base = initialApplicationState();
      const data = withKeptNames(action.data);
      return {
        ...base,
        ...withKeptNames(state),
        ...data,
        basicDetails: { ...base.basicDetails, ...data.basicDetails },
      };
    }
    case 'updateMapping':
      return { ...state, ...action.data };
    case 'setAt':
      return setAtPointer(state, action.pointer, action.value);
    case 'reset':
      return initialApplicationState();
  }
}
