import { useCallback, useEffect, useRef, useState } from 'react';
import { PopupForm } from '../../../../engine/form/PopupForm.tsx';
import type { StepData } from '../../../../engine/form/StepForm.tsx';
import type { LoadedStep } from '../../../../engine/plan/types.ts';
import { templates, widgets } from '../../../../widgets/registry.ts';
import type { ApiClient } from '../../../api/apiClient.ts';
import {
  CREDENTIAL_FAILED,
  failureMessage,
  lookupByMobile,
  RESUME_FAILED,
  retrieveApplication,
  type FoundApplication,
  type MobileLookup,
  type ResumedApplication,
} from './resumeCalls.ts';
import { ResumePickDialog } from './ResumePickDialog.tsx';
import './resume.css';

export interface ResumeDialogProps {
  /** The plan's resume popup: a choice `retrieve` of 'mobdob' or 'appnumber' and the fields of each. */
  popup: LoadedStep;
  productId: string;
  /** What the form starts with (e.g. the appnumber choice with a Quote ID from the address). */
  initialData?: StepData;
  /** A message to show as the dialog opens (an automatic resume the server refused). */
  initialMessage?: string;
  onResumed: (resumed: ResumedApplication) => void;
  /** An application of another plan, picked from the mobile lookup's list. */
  onResumedElsewhere: (productId: string, resumed: ResumedApplication) => void;
  onClose: () => void;
  api: ApiClient;
}

interface Holder {
  mobileNumber: string;
  dateOfBirth: string;
  countryCode?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * 'Continue your Application' (spec 02 §2.9, §4.2, §4.3, §5.5). By email, Quote ID and
 * application number the application is fetched at once. By mobile and date of birth the
 * holder's applications of every plan are listed first (step two, this plan's first); the one
 * picked is fetched with the same proof, and another plan's continues on that plan's page. Proceed does nothing until the form is valid; failures show
 * in the dialog in the server's words (spec 02 §8).
 */
export function ResumeDialog({
  popup,
  productId,
  initialData,
  initialMessage,
  onResumed,
  onResumedElsewhere,
  onClose,
  api,
}: ResumeDialogProps) {
  const [draft, setDraft] = useState<StepData>(() => ({ ...initialData }));
  const [found, setFound] = useState<{ lookup: MobileLookup; holder: Holder }>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(initialMessage);
  const title = String(popup.definition.title ?? popup.schema.title ?? '');
  // A visitor who closes the dialog while a call is under way has changed their mind.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const call = useCallback(async (run: () => Promise<void>, fallback: string) => {
    setMessage(undefined);
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setMessage(failureMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  }, []);

  const submitLookup = useCallback(
    (data: StepData) => {
      if (busy) return;
      setDraft(data);
      if (data.retrieve === 'appnumber') {
        return call(async () => {
          const resumed = await retrieveApplication(api, productId, {
            retrieve: 'appnumber',
            quoteId: text(data.quoteId),
            emailId: text(data.emailId),
            applicationNumber: text(data.applicationNumber),
          });
          if (open.current) onResumed(resumed);
        }, RESUME_FAILED);
      }
      return call(async () => {
        const holder: Holder = {
          mobileNumber: text(data.mobileNumber),
          dateOfBirth: text(data.dateOfBirth),
          countryCode: text(data.countryCode) || undefined,
        };
        const lookup = await lookupByMobile(api, productId, holder);
        if (lookup.applications.length === 0) setMessage(CREDENTIAL_FAILED);
        else setFound({ lookup, holder });
      }, CREDENTIAL_FAILED);
    },
    [api, busy, call, onResumed, productId],
  );

  const proceedWith = useCallback(
    (application: FoundApplication) => {
      if (busy || !found) return;
      return call(async () => {
        const resumed = await retrieveApplication(api, application.productId, {
          retrieve: 'mobdob',
          applicationNumber: application.applicationNumber,
          mobileNumber: found.holder.mobileNumber,
          dateOfBirth: found.holder.dateOfBirth,
        });
        if (!open.current) return;
        // Another plan's application continues on that plan's own page.
        if (application.productId === productId) onResumed(resumed);
        else onResumedElsewhere(application.productId, resumed);
      }, RESUME_FAILED);
    },
    [api, busy, call, found, onResumed, onResumedElsewhere, productId],
  );

  const back = useCallback(() => {
    setMessage(undefined);
    setFound(undefined);
  }, []);

  const feedback = (
    <>
      {message && (
        <p className="bf-resume__message" role="alert">
          {message}
        </p>
      )}
      {busy && (
        <p className="bf-resume__progress" role="status">
          <span className="bf-loader__spinner bf-loader__spinner--small" aria-hidden="true" />
          {found ? 'Opening your application…' : 'Looking for your application…'}
        </p>
      )}
    </>
  );

  if (found) {
    return (
      <ResumePickDialog
        title={title}
        lookup={found.lookup}
        submitLabel={popup.definition.submitLabel}
        busy={busy}
        onProceed={proceedWith}
        onBack={back}
        onCancel={onClose}
      >
        {feedback}
      </ResumePickDialog>
    );
  }
  return (
    <PopupForm
      popup={popup}
      initialData={draft}
      widgets={widgets}
      templates={templates}
      onSubmit={submitLookup}
      onCancel={onClose}
      busy={busy}
      className="bf-resume"
    >
      {feedback}
    </PopupForm>
  );
}
