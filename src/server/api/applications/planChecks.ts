import applicationSchema from '../../../../schemas/common/application.schema.json' with { type: 'json' };
import type { LoadedPlan, LoadedStep } from '../../../../engine/plan/types.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { getByPointer } from '../../../../engine/schema/pointer.ts';
import { boundPlaces, pruneTo, sectionShapeOf, shapeOf } from '../../plans/sectionShape.ts';
import { validateAgainstPlan } from '../../plans/serverPlans.ts';
import { stepTitle } from '../../plans/stepData.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { ApplicationState, Holder } from './applicationRepository.ts';
import { toIsoDate } from './policyDates.ts';

/** Product fields a request may name; each one given must be the plan's. */
export interface ProductFields {
  productId?: string;
  planCode?: string;
  productUIN?: string;
}

function productErrors(plan: LoadedPlan, fields: ProductFields): FieldError[] {
  const { productId, planCode, uin } = plan.config;
  const expected: [keyof ProductFields, string][] = [
    ['productId', productId],
    ['planCode', planCode],
    ['productUIN', uin],
  ];
  return expected
    .filter(([field, value]) => fields[field] !== undefined && fields[field] !== value)
    .map(([field]) => ({ field, message: MESSAGES.notThisProduct }));
}

/**
 * Revalidates what a request would save (a state-shaped patch: basicDetails, planDetails,
 * ...) with the plan's own step schemas, and the product fields it names; 400 with every
 * field error in the spec's words.
 */
export function assertFitsPlan(
  plan: LoadedPlan,
  patch: ApplicationState,
  fields: ProductFields = {},
): ApplicationState {
  const shaped = inPlanShape(plan, patch);
  const errors = [...productErrors(plan, fields), ...validateAgainstPlan(plan, shaped)];
  if (errors.length) throw new ApiError(400, MESSAGES.notProcessed, errors);
  return shaped;
}

/** The journey's sections a save stores in the shape of the plan's forms (issue 19.3). */
const SHAPED_SECTIONS = ['basicDetails', 'personalDetails', 'investmentStratergies'] as const;

const describedSections = applicationSchema as unknown as { properties: Record<string, unknown> };

/** The plan's journey forms, steps then popups, worked out once per plan. */
const journeyForms = new WeakMap<LoadedPlan, LoadedStep[]>();
function formsOf(plan: LoadedPlan): LoadedStep[] {
  let forms = journeyForms.get(plan);
  if (!forms) {
    forms = [...Object.values(plan.steps), ...Object.values(plan.popups)];
    journeyForms.set(plan, forms);
  }
  return forms;
}

/**
 * The patch with each journey section it carries in the shape the plan's forms give it (with
 * what the application schema keeps besides): fields no form asks for are dropped, a section
 * no form of this plan fills (investment strategies on a plan without the step) is refused,
 * and so is one that keeps none of its forms' places (personal details without `primary`).
 */
export function inPlanShape(plan: LoadedPlan, patch: ApplicationState): ApplicationState {
  const forms = formsOf(plan);
  const shaped: ApplicationState = { ...patch };
  const errors: FieldError[] = [];
  for (const section of SHAPED_SECTIONS) {
    const value = patch[section];
    if (value === undefined) continue;
    const described = shapeOf(
      describedSections.properties[section],
      applicationSchema as Record<string, unknown>,
    );
    const shape = sectionShapeOf(forms, section, described);
    if (!shape) {
      errors.push({ field: section, message: MESSAGES.notThisPlan });
      continue;
    }
    const kept = pruneTo(value, shape);
    // None of the places its forms fill is there (personal details without `primary`).
    const filled = forms.some((step) =>
      boundPlaces(step).some(
        ({ pointer }) =>
          pointer.split('/')[1] === section && getByPointer({ [section]: kept }, pointer) !== undefined,
      ),
    );
    if (!filled) {
      const form = forms.find((step) => sectionShapeOf([step], section));
      errors.push({ field: section, message: MESSAGES.stepIncomplete.replace('{step}', stepTitle(form!)) });
      continue;
    }
    shaped[section] = kept;
  }
  if (errors.length) throw new ApiError(400, MESSAGES.notProcessed, errors);
  return shaped;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The policyholder columns of basic details (the resume lookups search by them). */
export function holderOf(basicDetails: unknown): Holder | undefined {
  const holder = (basicDetails as { policyHolder?: Record<string, unknown> } | undefined)?.policyHolder;
  if (!holder) return undefined;
  const dateOfBirth = text(holder.dateOfBirth);
  return {
    mobile: text(holder.mobileNumber),
    countryCode: text(holder.countryCode) ?? '91',
    dateOfBirth: dateOfBirth ? toIsoDate(dateOfBirth) : undefined,
    email: text(holder.emailId),
  };
}
