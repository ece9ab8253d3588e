import type { PlanAdapter } from '../../../engine/plan/adapter.ts';
import type { KeyValueStorage } from '../../../engine/state/applicationStore.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { browserApi } from '../../api/browserApi.ts';
import { AdditionalDetailsPanel } from './AdditionalDetailsPanel.tsx';
import { submitAdditionalDetails } from './additionalDetailsSubmit.ts';
import { submitBasicDetails } from './basicDetailsSubmit.ts';
import { lookupPincode } from './pincodeLookup.ts';
import { submitPlanDetails } from './planDetailsSubmit.ts';
import { PreviousQuoteStrip } from './PreviousQuoteStrip.tsx';
import { keptApplications } from './previousQuotes.ts';
import { nextWithAnnuity } from './nextWithAnnuity.ts';
import { PlanDetailsPanel } from './PlanDetailsPanel.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';
import { MakePaymentPanel } from '../../payment/MakePaymentPanel.tsx';
import { startPayment } from '../../payment/paymentCalls.ts';

/** The T54 adapter: the plan's calls after each step (spec 02 §4.4–4.7), its live quote and lookups. */
export function createT54Adapter(api: () => ApiClient, local: () => KeyValueStorage): PlanAdapter {
  return {
    landingPanel: PreviousQuoteStrip,
    panels: {
      'plan-details': PlanDetailsPanel,
      'additional-details': AdditionalDetailsPanel,
      'review-details': ReviewPanel,
      'make-payment': MakePaymentPanel,
    },
    lookups: { pincode: (value) => lookupPincode(api(), value) },
    keptApplications: keptApplications(local),
    submitLabel: nextWithAnnuity,
    async onStepSubmit(context) {
      if (context.stepId === 'basic-details') await submitBasicDetails(context, api(), local());
      if (context.stepId === 'plan-details') await submitPlanDetails(context, api());
      if (context.stepId === 'additional-details') await submitAdditionalDetails(context, api());
      if (context.stepId === 'make-payment') return startPayment(context, api());
    },
  };
}

export const t54Adapter = createT54Adapter(browserApi, () => window.localStorage);
