import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { MESSAGES } from './basicDetailsSubmit.ts';
import { quoteInputsKey } from './quoteRequest.ts';
import { QUOTE_FAILED, requestQuote } from './useQuote.ts';

/**
 * Additional details Next (spec 02 §4.6): the quote must reflect the staff answer; then
 * the personal-details stage is saved and, on status '200', the visitor goes to review.
 */
export async function submitAdditionalDetails(context: StepContext, api: ApiClient): Promise<void> {
  const { store } = context;
  if (
    (store.getState().planDetails as Record<string, unknown>).quotedFor !== quoteInputsKey(store.getState())
  ) {
    try {
      await requestQuote(context, api);
    } catch {
      throw new StepFailure(QUOTE_FAILED);
    }
  }
  const state = store.getState();
  let saved: { status?: string; version?: number };
  try {
    saved = await api.post(
      '/buyonlineoauth/stages/personal-details',
      {
        applicationNumber: state.applicationNumber,
        basicDetails: state.basicDetails,
        personalDetails: state.personalDetails,
        planDetails: state.planDetails,
        productId: context.plan.config.productId,
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
  store.dispatch({ type: 'updateMapping', data: { version: saved.version, userStage: 'personal-details' } });
}
