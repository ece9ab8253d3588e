import { useState } from 'react';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { postToGateway, type GatewayRequest } from '../../journey/payment/gatewayForm.ts';
import { MESSAGES } from '../../journey/messages.ts';
import type { ProposalContent } from '../../plans/proposalContent.ts';

const INITIATE_PATH = '/buyonlineoauth/emandate/initiate';
const MANDATE_CHOICE = 'E-mandate';

type Mandate = { choice?: unknown; status?: unknown; umrn?: unknown; debitDay?: unknown } | undefined;

/**
 * The e-mandate step's action (docs/api/payments.md, renewal e-mandate): with the e-mandate
 * chosen and not yet authorised, a button that asks the server for the signed mandate form and
 * takes the buyer to the bank's page (the payment sandbox), as a payment does; back on #/ it
 * says what the bank answered, for the debit day chosen on the step. Submission needs an
 * authorised mandate for this choice (the server refuses it without one).
 */
export function MandatePanel({
  store,
  api,
  settled,
  copy,
  formData,
}: {
  store: ApplicationStore;
  api: ApiClient;
  /** The page's read-back of the application: the mandate is asked for on the version it brings. */
  settled: Promise<void>;
  copy: ProposalContent['mandate'];
  formData: Record<string, unknown>;
}) {
  const [state, setState] = useState<'idle' | 'starting'>('idle');
  const [failure, setFailure] = useState<string>();
  const typed = formData.mandate as Mandate;
  // Subscribed, not read once: the page's read-back brings what the bank answered while this
  // panel is on screen (the form around it does not re-render for the store).
  const saved = useStoreSelector(
    store,
    (current) => (current.eMandateDetails as { primary?: Mandate } | undefined)?.primary,
  );
  if (typed?.choice !== MANDATE_CHOICE) return null;
  const authorised = saved?.status === 'success';

  const start = async () => {
    setState('starting');
    setFailure(undefined);
    await settled;
    const application = store.getState();
    try {
      const answer = await api.post<{ status?: string } & Partial<GatewayRequest>>(
        INITIATE_PATH,
        {
          applicationNumber: application.applicationNumber,
          version: application.version,
          ...(typeof typed?.debitDay === 'number' ? { debitDay: typed.debitDay } : {}),
        },
        { capability: application.capability as string },
      );
      if (answer.status !== '200' || !answer.action || !answer.fields) throw new Error('No mandate form');
      store.flush();
      postToGateway({ txnid: '', action: answer.action, method: 'POST', fields: answer.fields });
    } catch (error) {
      setState('idle');
      setFailure(
        error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
          ? (error.fieldErrors[0]?.message ?? error.message)
          : MESSAGES.notProcessed,
      );
    }
  };

  return (
    <div className="bf-proposal__mandate" aria-live="polite">
      {authorised ? (
        <p className="bf-banner">{copy.authorised.replace('{umrn}', String(saved?.umrn ?? ''))}</p>
      ) : (
        <>
          {saved?.status === 'failure' && <p role="alert">{copy.failed}</p>}
          <button
            type="button"
            className="bf-button bf-button--secondary"
            onClick={() => void start()}
            disabled={state === 'starting'}
            aria-busy={state === 'starting'}
          >
            {state === 'starting' ? copy.starting : saved?.status === 'failure' ? copy.retry : copy.start}
          </button>
          {failure && <p role="alert">{failure}</p>}
        </>
      )}
    </div>
  );
}
