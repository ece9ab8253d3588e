import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { formatIndianAmount } from '../../../widgets/amountInput.ts';
import { quoteInputsKey } from './quoteRequest.ts';
import { PER_FREQUENCY } from './frequencyWords.ts';

/** spec 02 §2.5: on plan details the Next button shows the annuity the current quote gives. */
export function nextWithAnnuity(stepId: string, state: ApplicationState): string | undefined {
  if (stepId !== 'plan-details') return undefined;
  const details = state.planDetails as Record<string, unknown>;
  const annuity = (details.response as Record<string, number> | undefined)?.annuityInstallmentAmount;
  if (!annuity || details.quotedFor !== quoteInputsKey(state)) return undefined;
  return `Next · Get ₹ ${formatIndianAmount(annuity)} ${PER_FREQUENCY[String(details.annuityFrequency)] ?? ''}`.trim();
}
