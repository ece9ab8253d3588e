import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { MESSAGES } from './basicDetailsSubmit.ts';
import { quoteInputsKey } from './quoteRequest.ts';
import { QUOTE_FAILED, requestQuote } from './useQuote.ts';

type Record_ = Record<string, unknown>;

/**
 * Plan details Next (spec 02 §4.5): makes sure the quote is for what is on screen, saves
 * the plan with its component code, reports stage Quote and lets the machine move on.
 */
export async function submitPlanDetails(context: StepContext, api: ApiClient): Promise<void> {
  const { store, plan } = context;
  const { config } = plan;
  if ((store.getState().planDetails as Record_).quotedFor !== quoteInputsKey(store.getState())) {
    try {
      await requestQuote(context, api);
    } catch (error) {
      throw new StepFailure(
        error instanceof ApiFailure && error.fieldErrors.length
          ? error.fieldErrors[0]!.message
          : QUOTE_FAILED,
      );
    }
  }
  const state = store.getState();
  const details = state.planDetails as Record_;
  const response = (details.response ?? {}) as Record<string, number>;
  const planDetails = {
    ...details,
    componentCode: details.planOption,
    planCode: config.planCode,
    productUIN: config.uin,
    planName: config.productName,
    policyTerm: details.premiumPayingTerm,
    sum_assured: response.sumAssured ?? 0,
    annualPremium: response.annualPremium,
    annaulPremiumAmt: response.annualPremium, // spelt so on the wire
    basePremiumAmount: response.basePremiumAmount,
    gstAmount: response.gstAmount,
    totalPremiumAmount: response.installmentPremiumWithTaxFY,
    isFilled: true,
  };
  let saved: { status?: string; version?: number };
  try {
    saved = await api.post(
      '/buyonlineoauth/stages/plan-details',
      {
        applicationNumber: state.applicationNumber,
        planDetails,
        basicDetails: state.basicDetails,
        productId: config.productId,
        planCode: config.planCode,
        version: state.version,
      },
      { capability: state.capability as string },
    );
  } catch (error) {
    throw new StepFailure(
      error instanceof ApiFailure && error.statusCode === 409 ? error.message : MESSAGES.notProcessed,
    );
  }
  if (saved.status !== '200') throw new StepFailure(MESSAGES.notProcessed);
  store.dispatch({ type: 'savePlanDetails', data: planDetails });
  store.dispatch({ type: 'updateMapping', data: { version: saved.version, userStage: 'plan-details' } });
  void api
    .post(
      '/buyonlineoauth/service/crmTermUpdateLead',
      { applicationNumber: state.applicationNumber, stageApiName: 'Quote' },
      { capability: state.capability as string },
    )
    .catch(() => undefined);
}
