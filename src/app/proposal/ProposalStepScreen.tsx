import { useCallback, useMemo, useState } from 'react';
import { deepEquals } from '@rjsf/utils';
import { formTitle } from '../../../engine/plan/formTitle.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { widgets } from '../../../widgets/registry.ts';
import { proposalFields, proposalTemplates } from '../../../widgets/proposal/registry.ts';
import { documentUploadContext } from '../../journey/documents/documentUploadContext.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { ErrorPopup } from '../../journey/ErrorPopup.tsx';
import { MESSAGES } from '../../journey/messages.ts';
import { Loader } from '../journey/Loader.tsx';
import { journeyBase } from '../planRegistry.ts';
import { MandatePanel } from './MandatePanel.tsx';
import { isProposalOpen } from './proposalAccess.ts';
import { saveProposalStep, submitProposal, type ProposalRefusal } from './proposalCalls.ts';
import type { ProposalForms } from './proposalForms.ts';
import { ProposalProgress } from './ProposalProgress.tsx';
import { useProposalLookups } from './proposalLookups.ts';
import type { ProposalScreenProps } from './proposalScreenProps.ts';
import { draftPointer, openingData, proposalEntries, routeHash } from './proposalSteps.ts';

/** Where the server's refusal of a submission is kept for #/registration-unsuccesful to show. */
const REFUSAL_POINTER = '/proposalRefusal';

/**
 * One proposal step (docs/design/proposal.md): the proposal's steps with their status, and the
 * step's form, opened on the visitor's draft or on what the application holds (with what it
 * knows already offered). Saving stores the stage's sections on the server and goes on to the
 * next step still to do; the last step that applies saves and submits the proposal, then
 * thanks the buyer (#/thank-you) or says what is still needed (#/registration-unsuccesful).
 */
export function ProposalStepScreen({
  config,
  content,
  store,
  api,
  state,
  settled,
  headingRef,
  forms,
  stepKey,
  allValidators,
}: ProposalScreenProps & {
  forms: ProposalForms;
  stepKey: string;
  /** Whether every step's validator is here: the steps' statuses are known once it is. */
  allValidators: boolean;
}) {
  const copy = content.proposal;
  const step = forms.proposal[stepKey]!;
  const entries = useMemo(
    () => proposalEntries(forms, state),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the steps' statuses change when the validators arrive
    [forms, state, allValidators],
  );
  const index = entries.findIndex((entry) => entry.key === stepKey);
  const applies = index >= 0;
  const last = index === entries.length - 1;
  const [busy, setBusy] = useState<false | 'saving' | 'submitting'>(false);
  const [failure, setFailure] = useState<string>();

  // The form shows what the application holds (with what it knows offered) until the visitor
  // types: then their draft. It follows the application until then, so the page's read-back
  // from the server (a mandate the bank has since authorised, say) reaches it; a value equal in
  // content keeps the same object, so a keystroke elsewhere leaves it alone.
  const opening = useStoreSelector(
    store,
    useCallback((current) => openingData(stepKey, step, current), [stepKey, step]),
    deepEquals,
  );
  const draft = useStoreSelector(
    store,
    useCallback((current) => getByPointer(current, draftPointer(stepKey)), [stepKey]),
  );
  const formData = (draft as StepData | undefined) ?? opening;
  const handleChange = useCallback(
    (data: StepData) =>
      store.dispatch({ type: 'setAt', pointer: draftPointer(stepKey), value: data }, { typing: true }),
    [store, stepKey],
  );

  const goNext = useCallback(() => {
    const after = proposalEntries(forms, store.getState());
    const next =
      after.slice(index + 1).find((entry) => !entry.complete) ?? after.find((entry) => !entry.complete);
    window.location.hash = routeHash(next?.key ?? after[index + 1]?.key ?? stepKey);
  }, [forms, index, stepKey, store]);

  const handleSubmit = useCallback(
    async (data: StepData) => {
      if (busy) return;
      setBusy('saving');
      try {
        await saveProposalStep(api, store, config, stepKey, step, data, settled);
      } catch (error) {
        setBusy(false);
        setFailure(
          error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
            ? (error.fieldErrors[0]?.message ?? error.message)
            : MESSAGES.notProcessed,
        );
        return;
      }
      if (!last) {
        // Which step is still to do needs every step's validator (here moments after the page).
        await forms.loadForms().catch(() => undefined);
        setBusy(false);
        goNext();
        return;
      }
      setBusy('submitting');
      try {
        await submitProposal(api, store, settled);
        window.location.hash = '#/thank-you';
      } catch (error) {
        if (error instanceof ApiFailure && error.statusCode === 422) {
          const refusal: ProposalRefusal = { message: error.message, errors: error.fieldErrors };
          store.dispatch({ type: 'setAt', pointer: REFUSAL_POINTER, value: refusal });
          store.flush();
          window.location.hash = '#/registration-unsuccesful';
        } else {
          setFailure(
            error instanceof ApiFailure && error.statusCode < 500 ? error.message : MESSAGES.notProcessed,
          );
        }
      } finally {
        setBusy(false);
      }
    },
    [api, busy, config, forms, goNext, last, settled, step, stepKey, store],
  );

  const lookups = useProposalLookups(api);
  // A documents step uploads for its life (the secondary life's on ?type=secondary).
  const formContext = useMemo(
    () =>
      documentUploadContext({
        api,
        applicationNumber: String(state.applicationNumber),
        capability: String(state.capability),
        life: Object.values(step.definition.bind)[0]!.endsWith('/secondary') ? 'secondary' : 'primary',
      }) as unknown as Record<string, unknown>,
    [api, state.applicationNumber, state.capability, step],
  );

  const progress = <ProposalProgress entries={entries} current={stepKey} copy={copy.progress} />;
  let body;
  if (!isProposalOpen(state)) {
    body = (
      <section className="bf-card bf-proposal__card">
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {copy.step.notOpen.title}
        </h1>
        <p>{copy.step.notOpen.body}</p>
        <div className="bf-proposal__actions">
          <a className="bf-button bf-button--primary" href={`${journeyBase(config)}make-payment`}>
            {copy.step.notOpen.action}
          </a>
        </div>
      </section>
    );
  } else if (!applies) {
    const next = entries.find((entry) => !entry.complete) ?? entries[0];
    body = (
      <section className="bf-card bf-proposal__card">
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {formTitle(step)}
        </h1>
        <p>{copy.step.notApplicable}</p>
        {next && (
          <div className="bf-proposal__actions">
            <a className="bf-button bf-button--primary" href={routeHash(next.key)}>
              {copy.step.continue}
            </a>
          </div>
        )}
      </section>
    );
  } else {
    const previous = entries[index - 1];
    body = (
      <section className="bf-card">
        <StepForm
          key={stepKey}
          step={step}
          formData={formData}
          validator={step.validator}
          widgets={widgets}
          templates={proposalTemplates}
          fields={proposalFields}
          onChange={handleChange}
          onSubmit={handleSubmit}
          busy={busy !== false}
          lookups={lookups}
          formContext={formContext}
          headingRef={headingRef}
          submitLabel={last ? forms.config.proposal?.submitLabel : undefined}
        >
          {step.definition.submit?.stage === 'emandate-details' && (
            <MandatePanel store={store} api={api} settled={settled} copy={copy.mandate} formData={formData} />
          )}
        </StepForm>
        {previous && (
          <a className="bf-link-button bf-back" href={routeHash(previous.key)}>
            ‹ {copy.step.back}
            <span className="bf-visually-hidden"> to {previous.title}</span>
          </a>
        )}
      </section>
    );
  }
  return (
    <div className="bf-proposal__step-layout">
      {progress}
      {body}
      {busy && (
        <div className="bf-busy-overlay">
          <Loader
            label={busy === 'submitting' ? copy.step.submitting : copy.step.saving}
            facts={content.loaderFacts}
          />
        </div>
      )}
      {failure && <ErrorPopup message={failure} onClose={() => setFailure(undefined)} />}
    </div>
  );
}
