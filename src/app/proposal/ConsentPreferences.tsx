import { useCallback, useEffect, useId, useState } from 'react';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { MESSAGES } from '../../journey/messages.ts';
import type { ProposalContent } from '../../plans/proposalContent.ts';
import { CheckIcon } from '../../../widgets/icons.tsx';
import { changeConsent, fetchConsents, type Consent } from './consentCalls.ts';

type Status =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; saving?: string; said?: string; failure?: { kind: string; message: string } };

/** The server's words for a refusal it explained, else the spec's timeout text. */
function failureOf(error: unknown): string {
  return error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
    ? (error.fieldErrors[0]?.message ?? error.message)
    : MESSAGES.notProcessed;
}

/**
 * The visitor's contact choices (docs/design/consents.md): each optional consent of basic
 * details as a box, ticked while it is given, in the plan's words as the server has them.
 * One tick gives it, one untick withdraws it: as easy to withdraw as to give (DPDP Act 2023
 * s.6(4)), whatever the application's stage. Each change is said in a live region; a box is
 * disabled only while its own change is on its way.
 */
export function ConsentPreferences({
  store,
  api,
  settled,
  copy,
}: {
  store: ApplicationStore;
  api: ApiClient;
  /** The page's read-back of the application: a change is made on the version it brings. */
  settled: Promise<void>;
  copy: ProposalContent['consents'];
}) {
  const id = useId();
  const [consents, setConsents] = useState<Consent[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    settled
      .then(() => fetchConsents(api, store))
      .then(
        (answer) => {
          if (!live) return;
          setConsents(answer);
          setStatus({ kind: 'ready' });
        },
        () => live && setStatus({ kind: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [api, store, settled, attempt]);

  const change = useCallback(
    async (consent: Consent, granted: boolean) => {
      setStatus({ kind: 'ready', saving: consent.kind });
      try {
        setConsents(await changeConsent(api, store, consent, granted));
        setStatus({ kind: 'ready', said: granted ? copy.given : copy.withdrawn });
      } catch (error) {
        setStatus({ kind: 'ready', failure: { kind: consent.kind, message: failureOf(error) } });
      }
    },
    [api, store, copy],
  );

  const optional = consents.filter((consent) => !consent.required);
  if (status.kind === 'ready' && optional.length === 0) return null;
  return (
    <section className="bf-card bf-proposal__consents" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{copy.title}</h2>
      <p id={`${id}-intro`}>{copy.intro}</p>
      {status.kind === 'loading' && <p role="status">{copy.loading}</p>}
      {status.kind === 'failed' && (
        <p role="alert">
          {copy.loadFailed}{' '}
          <button type="button" className="bf-link-button" onClick={() => setAttempt((n) => n + 1)}>
            {copy.retry}
          </button>
        </p>
      )}
      {status.kind === 'ready' && (
        <>
          {optional.map((consent) => {
            const inputId = `${id}-${consent.kind}`;
            const saving = status.saving === consent.kind;
            const failure = status.failure?.kind === consent.kind ? status.failure.message : undefined;
            return (
              <div key={consent.kind} className={`bf-disclaimer${saving ? ' is-disabled' : ''}`}>
                <input
                  type="checkbox"
                  id={inputId}
                  className="bf-disclaimer__input"
                  checked={consent.granted}
                  disabled={saving}
                  aria-describedby={failure ? `${inputId}-error` : `${id}-intro`}
                  aria-invalid={failure ? true : undefined}
                  onChange={(event) => void change(consent, event.target.checked)}
                />
                <label htmlFor={inputId} className="bf-disclaimer__label">
                  <span className="bf-disclaimer__box" aria-hidden="true">
                    <CheckIcon />
                  </span>
                  <span className="bf-disclaimer__text">{consent.wording}</span>
                </label>
                {failure && (
                  <p id={`${inputId}-error`} className="bf-field-error" role="alert">
                    {failure}
                  </p>
                )}
              </div>
            );
          })}
          <p className="bf-proposal__consents-status" role="status">
            {status.saving ? copy.saving : (status.said ?? '')}
          </p>
        </>
      )}
    </section>
  );
}
