import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import type { StepSubmit } from '../../../engine/plan/types.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { MESSAGES } from '../messages.ts';
import type { JourneyServices } from '../JourneyServices.ts';
import { QUOTE_KEPT_FIELDS, quoteIsFresh, quoteFailureMessage, requestQuote } from '../quote/requestQuote.ts';
import { reportStage } from './reportStage.ts';
import { sectionOfStage, sectionsAlsoSavedBy } from './stages.ts';
import { shownConsentVersions } from '../../shared/consents.ts';

type Fields = Record<string, unknown>;

/** A quote's figures under the spec's names, as plan details are saved with it (spec 02 §3.4). */
function quoteFigures(response: Fields, details: Fields): Fields {
  return {
    componentCode: response.componentCode ?? details.planOption,
    sum_assured: response.sumAssured ?? 0,
    annualPremium: response.annualPremium,
    annaulPremiumAmt: response.annualPremium, // spelt so on the wire
    basePremiumAmount: response.basePremiumAmount,
    gstAmount: response.gstAmount,
    totalPremiumAmount: response.installmentPremiumWithTaxFY,
  };
}

/** What a quote adds to plan details (requestQuote and the figures): none of it outlives the quote. */
const QUOTE_FIELDS = new Set<string>([...QUOTE_KEPT_FIELDS, ...Object.keys(quoteFigures({}, {}))]);

/** Plan details as saved with a quote: its figures beside them, or none when it is not theirs. */
function withQuote(context: StepContext, details: Fields): Fields {
  const { config } = context.plan;
  const identity = { planCode: config.planCode, productUIN: config.uin, planName: config.productName };
  // Saved before its quote (a plan whose quote waits for a later step), or changed since the
  // last one: no figures, and not the old quote's as if they priced these details.
  if (!details.response || !quoteIsFresh(context.plan, context.store)) {
    const unquoted = Object.fromEntries(Object.entries(details).filter(([key]) => !QUOTE_FIELDS.has(key)));
    return { ...unquoted, ...identity, isFilled: true };
  }
  const response = details.response as Fields;
  return {
    ...details,
    ...quoteFigures(response, details),
    ...identity,
    policyTerm: details.policyTerm ?? response.policyTerm ?? details.premiumPayingTerm,
    isFilled: true,
  };
}

/**
 * A step's declared stage save (plan.json `submit: { type: 'saveStage', stage, quote, report }`):
 * makes sure the quote is for what is on screen when the step says so, saves the stage's
 * section with basic details alongside, keeps the new version and stage, then reports.
 */
export async function saveStage(
  context: StepContext,
  services: JourneyServices,
  submit: StepSubmit,
): Promise<void> {
  const { store, plan } = context;
  const { api } = services;
  const stage = submit.stage!;
  const section = sectionOfStage(stage);
  if (submit.quote && !quoteIsFresh(plan, store)) {
    try {
      await requestQuote(plan, store, api, services.now());
    } catch (error) {
      throw new StepFailure(quoteFailureMessage(error));
    }
  }
  const state = store.getState();
  const sections = [section, ...sectionsAlsoSavedBy(stage)];
  const data = Object.fromEntries(
    sections.map((name) => [
      name,
      name === 'planDetails' ? withQuote(context, state[name] as Fields) : (state[name] as Fields),
    ]),
  );
  let saved: { status?: string; version?: number };
  try {
    saved = await api.post(
      `/buyonlineoauth/stages/${stage}`,
      {
        applicationNumber: state.applicationNumber,
        ...data,
        basicDetails: state.basicDetails,
        consentVersions: shownConsentVersions(plan),
        productId: plan.config.productId,
        planCode: plan.config.planCode,
        version: state.version,
      },
      { capability: state.capability as string },
    );
  } catch (error) {
    throw new StepFailure(
      error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
        ? (error.fieldErrors[0]?.message ?? error.message)
        : MESSAGES.notProcessed,
    );
  }
  if (saved.status !== '200') throw new StepFailure(MESSAGES.notProcessed);
  if (data.planDetails) store.dispatch({ type: 'savePlanDetails', data: data.planDetails });
  store.dispatch({ type: 'updateMapping', data: { version: saved.version, userStage: stage } });
  if (submit.report) reportStage(api, store.getState(), submit.report);
}
