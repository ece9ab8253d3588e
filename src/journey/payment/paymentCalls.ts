import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { MESSAGES } from '../messages.ts';
import { termsVersion, type TermsWording } from '../../shared/termsVersion.ts';
import { postToGateway, type GatewayRequest } from './gatewayForm.ts';

/*
 * The browser's part of paying (spec 02 §4.7, spec 01 §2 payment outcomes), for any plan:
 * ask the server for a transaction (it prices it from its own stored quote and signs it),
 * post the visitor to the gateway, record pay later, and read the outcome back after the
 * gateway returns. The payment salt and keys never reach the browser.
 */

export const PAYMENT_PATHS = {
  initiate: '/buyonlineoauth/payments/initiate',
  payLater: '/buyonlineoauth/stages/payment-details',
  stageReport: '/buyonlineoauth/service/crmTermUpdateLead',
} as const;

const capabilityOf = (state: ApplicationState) => ({ capability: state.capability as string });

export async function initiatePayment(
  api: ApiClient,
  state: ApplicationState,
  payMode: string,
  terms: TermsWording | undefined,
): Promise<GatewayRequest> {
  // The terms accepted on review, with the version of the wording the visitor was shown.
  const accepted = (state.reviewDetails as { termsAccepted?: unknown } | undefined)?.termsAccepted === true;
  const answer = await api.post<{ status?: string } & Partial<GatewayRequest>>(
    PAYMENT_PATHS.initiate,
    {
      applicationNumber: state.applicationNumber,
      payMode,
      termsAccepted: accepted,
      ...(terms ? { termsVersion: termsVersion(terms) } : {}),
    },
    capabilityOf(state),
  );
  if (answer.status !== '200' || !answer.action || !answer.fields || !answer.txnid)
    throw new Error('The payment could not be started');
  return { txnid: answer.txnid, action: answer.action, method: 'POST', fields: answer.fields };
}

/**
 * Pay later (spec 02 §4.7): saves the payment stage with payLater true and status
 * failure, then reports stage 'Pay Later'. The visitor never waits on the report.
 */
export async function savePayLater(api: ApiClient, store: ApplicationStore, planCode: string): Promise<void> {
  const state = store.getState();
  const paymentDetails = {
    payMode: (state.paymentDetails.payMode as string | undefined) ?? 'Online',
    payLater: true,
    status: 'failure',
    pageName: 'make-payment',
  };
  const saved = await api.post<{ status?: string; version?: number }>(
    PAYMENT_PATHS.payLater,
    {
      applicationNumber: state.applicationNumber,
      version: state.version,
      planCode,
      paymentDetails,
    },
    capabilityOf(state),
  );
  if (saved.status !== '200') throw new Error('The payment stage was not saved');
  store.dispatch({ type: 'saveSection', section: 'paymentDetails', data: paymentDetails });
  store.dispatch({ type: 'updateMapping', data: { version: saved.version, userStage: 'payment-details' } });
  void api
    .post(
      PAYMENT_PATHS.stageReport,
      { applicationNumber: state.applicationNumber, stageApiName: 'Pay Later' },
      capabilityOf(state),
    )
    .catch(() => undefined);
}

/**
 * Make-payment Continue: a transaction for the chosen pay mode, then off to the gateway.
 * Failures keep the visitor on the screen with the server's words.
 */
export async function startPayment(context: StepContext, api: ApiClient): Promise<'left'> {
  const state = context.store.getState();
  let request: GatewayRequest;
  try {
    const terms = (context.plan.content as { termsAndConditions?: TermsWording } | undefined)
      ?.termsAndConditions;
    request = await initiatePayment(api, state, String(state.paymentDetails.payMode ?? 'Online'), terms);
  } catch (error) {
    throw new StepFailure(
      error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
        ? (error.fieldErrors[0]?.message ?? error.message)
        : MESSAGES.notProcessed,
    );
  }
  postToGateway(request);
  return 'left';
}
