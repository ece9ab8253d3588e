import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ageLastBirthday } from '../../../pricing/ageLastBirthday.ts';
import type { CalculatorRequest, PricedQuote, QuoteLife } from '../../../pricing/calculator.ts';
import { QuoteInputError } from '../../../pricing/QuoteInputError.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { toIsoDate } from '../applications/policyDates.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import {
  asksForSecondLife,
  displayName,
  isStaff,
  type PersonDetail,
  type QuoteRequest,
} from './quoteRequest.ts';
import type { PricingSources } from './pricingSources.ts';

/** One life as the benefit illustration prints it. */
export interface IllustratedLife {
  name: string;
  /** Male, Female or Other (Transgender is printed as Other). */
  gender: string;
  dateOfBirth: string;
  /** Age last birthday at the proposal date. */
  age: number;
  smoker: boolean;
  relationship?: string;
}

/**
 * Everything the benefit illustration prints besides the calculator's rows and tables, fixed
 * when the quote is priced: the PDF is built from the stored quote alone, so a later change
 * of the plan's data cannot make it disagree with what the visitor was shown.
 */
export interface IllustrationFacts {
  planName: string;
  uin: string;
  subTitle: string;
  /** The calculator's kind in words ('Deferred annuity'). */
  kind: string;
  /** The date of the pricing basis, when the basis gives one. */
  basisDate?: string;
  /** The plan option's one-line description from the plan's content, when it has one. */
  optionDescription?: string;
  life: IllustratedLife;
  secondLife?: IllustratedLife;
  /** The proposer's name when it differs from the life assured's. */
  proposerName?: string;
  staff?: { employer: string; employeeCode: string };
}

/** 400 with every field error; the answer's message is the first one (the line a popup shows). */
export function rejected(errors: FieldError[]): ApiError {
  return new ApiError(400, errors[0]!.message, errors);
}

/** The plan whose UIN the request names. */
export function planByUin(plans: Iterable<LoadedPlan>, uin: string): LoadedPlan | undefined {
  for (const plan of plans) if (plan.config.uin === uin.trim()) return plan;
  return undefined;
}

/** A request's lives: the life assured, and the second life when the request prices one. */
function livesOf(request: QuoteRequest): [string, PersonDetail | undefined][] {
  const lives: [string, PersonDetail | undefined][] = [['LifeAssuredDetail', request.LifeAssuredDetail]];
  if (asksForSecondLife(request.PlanSectionDetails)) {
    lives.push(['SecondaryLifeAssuredDetail', request.SecondaryLifeAssuredDetail]);
  }
  return lives;
}

/**
 * The common checks the declared schema cannot make, all at once: the life assured's name,
 * real dates of birth, the second life a joint request needs, and the employer and employee
 * code of a staff request.
 */
export function requestErrors(request: QuoteRequest): FieldError[] {
  const errors: FieldError[] = [];
  const plan = request.PlanSectionDetails;
  // The life assured's name is printed on the illustration; a second life may be unnamed.
  if (!displayName(request.LifeAssuredDetail)) {
    errors.push({ field: 'LifeAssuredDetail.FirstName', message: QUOTE_MESSAGES.fullName });
  }
  for (const [section, detail] of livesOf(request)) {
    if (!detail) errors.push({ field: section, message: QUOTE_MESSAGES.secondLife });
    else if (!detail.DOB || !toIsoDate(detail.DOB)) {
      errors.push({ field: `${section}.DOB`, message: QUOTE_MESSAGES.dateOfBirth });
    }
  }
  if (isStaff(plan.IsStaff)) {
    if (!plan.Employer)
      errors.push({ field: 'PlanSectionDetails.Employer', message: QUOTE_MESSAGES.employer });
    if (!plan.EmployeeCode) {
      errors.push({ field: 'PlanSectionDetails.EmployeeCode', message: QUOTE_MESSAGES.employeeCode });
    }
  }
  return errors;
}

const GENDER_PRICED: Record<string, string> = { Transgender: 'Other' };

/** A checked life as the calculator takes it: age last birthday at the proposal date. */
function quoteLife(detail: PersonDetail, proposalDate: string): QuoteLife {
  const dateOfBirth = toIsoDate(detail.DOB ?? '') ?? '';
  return {
    dateOfBirth,
    age: ageLastBirthday(dateOfBirth, proposalDate) ?? Number.NaN,
    gender: GENDER_PRICED[detail.Gender ?? ''] ?? detail.Gender ?? '',
    smoker: detail.IsSmoker === true,
    name: displayName(detail),
    ...(detail.Relationship ? { relationship: detail.Relationship } : {}),
  };
}

/** What the calculator prices: the request's lives and flags, and its checked plan fields. */
export function calculatorRequest(
  request: QuoteRequest,
  plan: Record<string, unknown>,
  proposalDate: string,
): CalculatorRequest {
  const second = asksForSecondLife(request.PlanSectionDetails)
    ? request.SecondaryLifeAssuredDetail
    : undefined;
  return {
    life: quoteLife(request.LifeAssuredDetail, proposalDate),
    ...(second ? { secondLife: quoteLife(second, proposalDate) } : {}),
    proposalDate,
    // Every quote of this service is an online purchase (channelType 'Online').
    online: true,
    staff: isStaff(request.PlanSectionDetails.IsStaff),
    plan,
  };
}

const LIFE_SECTIONS: Record<string, string> = {
  life: 'LifeAssuredDetail',
  secondLife: 'SecondaryLifeAssuredDetail',
};
const LIFE_FIELDS: Record<string, string> = {
  age: 'DOB',
  dateOfBirth: 'DOB',
  gender: 'Gender',
  smoker: 'IsSmoker',
  name: 'FirstName',
};
const REQUEST_FIELDS: Record<string, string> = {
  proposalDate: 'PlanSectionDetails.ProposalStartDate',
  staff: 'PlanSectionDetails.IsStaff',
};

/** The request field a calculator's QuoteInputError names: 'life.age' is LifeAssuredDetail.DOB. */
export function requestFieldOf(field: string): string {
  const [head = '', rest] = field.split(/\.(.*)/s);
  const section = LIFE_SECTIONS[head];
  if (section) return rest ? `${section}.${LIFE_FIELDS[rest] ?? rest}` : section;
  if (REQUEST_FIELDS[field]) return REQUEST_FIELDS[field];
  return `PlanSectionDetails.${field.replace(/^(plan|PlanSectionDetails)\./, '')}`;
}

/**
 * Prices a checked request with the plan's calculator and basis. A request outside the
 * plan's rules is a 400 whose field error carries the calculator's message (the spec's words).
 */
export function priceQuote(
  sources: Pick<PricingSources, 'calculator' | 'basis' | 'tables'>,
  request: CalculatorRequest,
): PricedQuote {
  try {
    return sources.calculator.price(request, sources.basis, sources.tables);
  } catch (error) {
    if (!(error instanceof QuoteInputError)) throw error;
    throw rejected([{ field: requestFieldOf(error.field), message: error.message }]);
  }
}

function illustratedLife(life: QuoteLife): IllustratedLife {
  return {
    name: life.name,
    gender: life.gender,
    dateOfBirth: life.dateOfBirth,
    age: life.age,
    smoker: life.smoker,
    ...(life.relationship ? { relationship: life.relationship } : {}),
  };
}

/** What the illustration prints of the plan and the people, beside the priced quote. */
export function illustrationFacts(
  plan: LoadedPlan,
  sources: PricingSources,
  request: QuoteRequest,
  priced: { request: CalculatorRequest; quote: PricedQuote },
): IllustrationFacts {
  const content = plan.content as { planOptions?: { code: string; description?: string }[] } | undefined;
  const description = content?.planOptions?.find((o) => o.code === priced.quote.componentCode)?.description;
  const basisDate = (sources.basis as { basisDate?: unknown }).basisDate;
  const proposerName = displayName(request.ProposerDetail);
  const life = illustratedLife(priced.request.life);
  const section = request.PlanSectionDetails;
  return {
    planName: plan.config.productName,
    uin: plan.config.uin,
    subTitle: plan.config.subTitle,
    kind: sources.calculator.kind,
    ...(typeof basisDate === 'string' ? { basisDate } : {}),
    ...(description ? { optionDescription: description } : {}),
    life,
    ...(priced.request.secondLife ? { secondLife: illustratedLife(priced.request.secondLife) } : {}),
    ...(proposerName && proposerName !== life.name ? { proposerName } : {}),
    ...(priced.request.staff
      ? { staff: { employer: section.Employer ?? '', employeeCode: section.EmployeeCode ?? '' } }
      : {}),
  };
}
