import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ageLastBirthday } from '../../../pricing/ageLastBirthday.ts';
import { gstRateOn } from '../../../pricing/gst.ts';
import { QuoteInputError } from '../../../pricing/QuoteInputError.ts';
import type { T54QuoteInput, T54QuoteResult } from '../../../pricing/t54Quote.ts';
import type { PlanContent } from '../../../plans/planContent.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { toIsoDate } from '../applications/policyDates.ts';
import type { QuoteAnswer, QuoteBonus } from './quoteAnswer.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import {
  displayName,
  isJoint,
  isStaff,
  type PersonDetail,
  type QuoteRequest,
  wholeNumberOf,
} from './quoteRequest.ts';
import { pricingFor, type PricingSources } from './pricingSources.ts';

/** One life as the benefit illustration prints it. */
export interface IllustratedLife {
  name: string;
  /** Male, Female or Other (Transgender is printed as Other). */
  gender: string;
  dateOfBirth: string;
  /** Age last birthday at the proposal date. */
  age: number;
  relationship?: string;
}

/**
 * Everything the benefit illustration prints besides the figures, fixed when the quote is
 * priced: the PDF is built from the stored quote alone, so a later change of the plan's
 * content or basis cannot make it disagree with what the visitor was shown.
 */
export interface IllustrationFacts {
  planName: string;
  uin: string;
  subTitle: string;
  basisDate: string;
  optionDescription: string;
  annuitant: IllustratedLife;
  secondAnnuitant?: IllustratedLife;
  /** The proposer's name when it differs from the annuitant's. */
  proposerName?: string;
  staff?: { employer: string; employeeCode: string };
  /** The tax treatment of the quote's first premium, from the basis's dated table. */
  gstNote: string;
}

/** The `response` column of a quote: the answer sent, the full calculation and the illustration facts. */
export interface StoredQuoteResponse {
  answer: QuoteAnswer;
  result: T54QuoteResult;
  illustration: IllustrationFacts;
}

/** Request fields (dotted paths of the body) that each input of the calculator comes from. */
const FIELD_OF_INPUT: Record<string, string> = {
  'life.age': 'LifeAssuredDetail.DOB',
  'life.gender': 'LifeAssuredDetail.Gender',
  'secondLife.age': 'SecondaryLifeAssuredDetail.DOB',
  'secondLife.gender': 'SecondaryLifeAssuredDetail.Gender',
  planOption: 'PlanSectionDetails.AnnuityOption',
  premiumFrequency: 'PlanSectionDetails.PremiumFrequency',
  annuityFrequency: 'PlanSectionDetails.AnnuityFrequency',
  premiumPayingTerm: 'PlanSectionDetails.PremiumPayingTerm',
  installmentPremium: 'PlanSectionDetails.InstallmentPremiumAmount',
  proposalDate: 'PlanSectionDetails.ProposalStartDate',
};

/** A visitor's request is priced only this many days either side of today. */
export const PROPOSAL_DATE_WINDOW_DAYS = 30;

const GENDER_PRINTED: Record<string, string> = { Transgender: 'Other' };

/** 400 with every field error; the answer's message is the first one (the line a popup shows). */
export function rejected(errors: FieldError[]): ApiError {
  return new ApiError(400, errors[0]!.message, errors);
}

/** The plan whose UIN the request names. */
export function planByUin(plans: Iterable<LoadedPlan>, uin: string): LoadedPlan | undefined {
  for (const plan of plans) if (plan.config.uin === uin.trim()) return plan;
  return undefined;
}

/** Frequency by name or by code (1, 2, 4, 12) as the basis names it. */
function frequencyName(value: string | number, list: { value: string; code: number }[]): string {
  const text = String(value).trim();
  if (!/^[0-9]+$/.test(text)) return text;
  return list.find((item) => item.code === Number(text))?.value ?? text;
}

/**
 * The checks the schema cannot make, all at once: the annuitant's name, real dates of birth, the second
 * life of a joint-life request, and the employer and employee code of a staff request.
 */
export function requestErrors(request: QuoteRequest): FieldError[] {
  const errors: FieldError[] = [];
  const lives: [string, PersonDetail | undefined][] = [['LifeAssuredDetail', request.LifeAssuredDetail]];
  const plan = request.PlanSectionDetails;
  if (isJoint(plan.AnnuityFor)) {
    if (!request.SecondaryLifeAssuredDetail) {
      errors.push({ field: 'SecondaryLifeAssuredDetail', message: QUOTE_MESSAGES.secondLife });
    } else lives.push(['SecondaryLifeAssuredDetail', request.SecondaryLifeAssuredDetail]);
  }
  // The annuitant's name is printed on the illustration; a second life may be unnamed.
  if (!displayName(request.LifeAssuredDetail)) {
    errors.push({ field: 'LifeAssuredDetail.FirstName', message: QUOTE_MESSAGES.fullName });
  }
  for (const [section, detail] of lives) {
    if (!detail?.DOB || !toIsoDate(detail.DOB)) {
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

/** The calculator's input from a checked request. */
export function quoteInput(
  request: QuoteRequest,
  sources: PricingSources,
  proposalDate: string,
): T54QuoteInput {
  const plan = request.PlanSectionDetails;
  const life = request.LifeAssuredDetail;
  const second = isJoint(plan.AnnuityFor) ? request.SecondaryLifeAssuredDetail : undefined;
  return {
    life: { dateOfBirth: toIsoDate(life.DOB), gender: life.Gender },
    ...(second
      ? { secondLife: { dateOfBirth: toIsoDate(second.DOB ?? ''), gender: second.Gender ?? '' } }
      : {}),
    installmentPremium: wholeNumberOf(plan.InstallmentPremiumAmount),
    premiumFrequency: frequencyName(plan.PremiumFrequency, sources.basis.premium.frequencies),
    premiumPayingTerm: wholeNumberOf(plan.PremiumPayingTerm),
    annuityFrequency: frequencyName(plan.AnnuityFrequency, sources.basis.annuity.frequencies),
    planOption: plan.AnnuityOption,
    staff: isStaff(plan.IsStaff),
    // Every quote of this service is an online purchase (channelType 'Online').
    online: true,
    proposalDate,
  };
}

function illustratedLife(detail: PersonDetail, proposalDate: string): IllustratedLife {
  const dateOfBirth = toIsoDate(detail.DOB ?? '') ?? '';
  return {
    name: displayName(detail),
    gender: GENDER_PRINTED[detail.Gender ?? ''] ?? detail.Gender ?? '',
    dateOfBirth,
    age: ageLastBirthday(dateOfBirth, proposalDate) ?? 0,
    ...(detail.Relationship ? { relationship: detail.Relationship } : {}),
  };
}

export interface PricedQuote {
  result: T54QuoteResult;
  bonuses: QuoteBonus[];
  illustration: IllustrationFacts;
}

/**
 * Prices a checked request with the plan's calculator. A request outside the plan's rules
 * is a 400 whose field error carries the basis's message (the spec's words).
 */
export function priceQuote(request: QuoteRequest, plan: LoadedPlan, proposalDate: string): PricedQuote {
  let sources: PricingSources;
  try {
    sources = pricingFor(plan);
  } catch {
    throw new ApiError(400, QUOTE_MESSAGES.failed, [
      { field: 'PlanSectionDetails.ProductUIN', message: QUOTE_MESSAGES.failed },
    ]);
  }
  const input = quoteInput(request, sources, proposalDate);
  let result: T54QuoteResult;
  try {
    result = sources.quote(input, sources.basis, sources.mortality);
  } catch (error) {
    if (!(error instanceof QuoteInputError)) throw error;
    throw rejected([{ field: FIELD_OF_INPUT[error.field] ?? error.field, message: error.message }]);
  }

  const { basis } = sources;
  const content = plan.content as PlanContent | undefined;
  const bonuses: QuoteBonus[] = basis.annuity.bonuses.map((bonus) => ({
    id: bonus.id,
    text: bonus.text,
    percent: bonus.percent,
    applied: input[bonus.when] === true,
  }));
  const option = basis.options.find((o) => o.code === result.componentCode)!;
  const gst = gstRateOn(basis.gst, proposalDate);
  const plain = request.PlanSectionDetails;
  const proposerName = displayName(request.ProposerDetail);
  const annuitant = illustratedLife(request.LifeAssuredDetail, proposalDate);
  const second = result.category === 'Joint' ? request.SecondaryLifeAssuredDetail : undefined;
  return {
    result,
    bonuses,
    illustration: {
      planName: plan.config.productName,
      uin: plan.config.uin,
      subTitle: plan.config.subTitle,
      basisDate: basis.basisDate,
      optionDescription:
        content?.planOptions.find((o) => o.code === option.code)?.description ?? option.description,
      annuitant,
      ...(second ? { secondAnnuitant: illustratedLife(second, proposalDate) } : {}),
      ...(proposerName && proposerName !== annuitant.name ? { proposerName } : {}),
      ...(input.staff
        ? { staff: { employer: plain.Employer ?? '', employeeCode: plain.EmployeeCode ?? '' } }
        : {}),
      gstNote:
        gst.firstYearPercent === 0 && gst.renewalPercent === 0
          ? `${gst.tax}: nil. ${gst.note}`
          : `${gst.tax}: ${gst.firstYearPercent}% of first-year and ${gst.renewalPercent}% of renewal premiums. ${gst.note}`,
    },
  };
}
