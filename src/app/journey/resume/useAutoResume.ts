import { useEffect, useRef, useState } from 'react';
import type { KeptApplications } from '../../../../engine/plan/adapter.ts';
import type { StepData } from '../../../../engine/form/StepForm.tsx';
import type { ApiClient } from '../../../api/apiClient.ts';
import type { ResumedApplication } from './resumeCalls.ts';

/** How an application is retrieved: loaded when a link asks for one, not with the journey. */
export const loadResumeCalls = () => import('./resumeCalls.ts');

/** The address parameter that asks for an application on load (spec 02 §2.1). */
export const APPLICATION_NO_PARAM = 'applicationNo';
/**
 * The parameter of a resume link (src/server/api/applications/resumeLinks.ts): a capability
 * for the application named by applicationNo, sent to its owner's mobile and e-mail.
 */
export const RESUME_KEY_PARAM = 'resumeKey';

/** A Quote ID: 10 digits starting 6 to 9 (spec 02 §5.5). */
const QUOTE_ID = /^[6-9][0-9]{9}$/;

/** What the resume dialog opens with when the device cannot prove it may see the application. */
export interface ProofRequest {
  initialData: StepData;
  message?: string;
}

/**
 * The capability this device holds for a Quote ID: this tab's application state when it is
 * that application, else the kept applications (previous quotes) of the device.
 */
export function keptCapability(
  quoteId: string,
  productId: string,
  session: { applicationNumber?: unknown; capability?: unknown },
  kept: KeptApplications | undefined,
): string | undefined {
  if (session.applicationNumber === quoteId && typeof session.capability === 'string' && session.capability)
    return session.capability;
  return kept?.capabilityFor(productId, quoteId) || undefined;
}

/** Takes a parameter out of the address bar without a navigation. */
function dropSearchParam(name: string) {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return;
  url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export interface AutoResumeOptions {
  api: ApiClient;
  productId: string;
  /** This tab's application state as it was on load. */
  session: { applicationNumber?: unknown; capability?: unknown };
  kept?: KeptApplications;
  onResumed: (resumed: ResumedApplication) => void;
  /** Opens the resume dialog: the server never reveals an application without proof. */
  onNeedsProof: (request: ProofRequest) => void;
}

/**
 * Spec 02 §2.1: a journey opened with ?applicationNo=<Quote ID> resumes that application on
 * load when this device can prove it may (a capability it kept, or a resume link's key); otherwise the resume
 * dialog opens on the email, Quote ID and application number choice with the Quote ID
 * filled in. The parameter leaves the address either way. True while the call is under way.
 */
export function useAutoResume({
  api,
  productId,
  session,
  kept,
  onResumed,
  onNeedsProof,
}: AutoResumeOptions): boolean {
  const [requested] = useState(() => new URLSearchParams(window.location.search).get(APPLICATION_NO_PARAM));
  const [linkKey] = useState(() => new URLSearchParams(window.location.search).get(RESUME_KEY_PARAM));
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);
  const latest = useRef({ api, productId, session, kept, onResumed, onNeedsProof });
  // The call settles after later renders: it answers through the latest callbacks.
  useEffect(() => {
    latest.current = { api, productId, session, kept, onResumed, onNeedsProof };
  });

  useEffect(() => {
    if (handled.current || requested === null) return;
    handled.current = true;
    dropSearchParam(APPLICATION_NO_PARAM);
    dropSearchParam(RESUME_KEY_PARAM);
    const { api, productId, session, kept } = latest.current;
    const onNeedsProof = (request: ProofRequest) => latest.current.onNeedsProof(request);
    const onResumed = (resumed: ResumedApplication) => latest.current.onResumed(resumed);
    const quoteId = requested.trim();
    const valid = QUOTE_ID.test(quoteId);
    const askForProof = (message?: string) =>
      onNeedsProof({ initialData: { retrieve: 'appnumber', ...(valid ? { quoteId } : {}) }, message });
    const capability = valid ? linkKey || keptCapability(quoteId, productId, session, kept) : undefined;
    if (!capability) {
      askForProof();
      return;
    }
    setBusy(true);
    loadResumeCalls()
      .then(
        ({ failureMessage, isRefusal, RESUME_FAILED, retrieveApplication }) =>
          retrieveApplication(api, productId, {
            retrieve: 'capability',
            applicationNumber: quoteId,
            capability,
          }).then(onResumed, (error: unknown) =>
            // A capability that no longer holds asks for proof; a refusal of the application says why.
            askForProof(isRefusal(error) ? failureMessage(error, RESUME_FAILED) : undefined),
          ),
        // The code could not come: the visitor proves the application in the dialog instead.
        () => askForProof(),
      )
      .finally(() => setBusy(false));
  }, [requested, linkKey]);

  return busy;
}
