import { formTitle } from '../../../engine/plan/formTitle.ts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlanSummary } from '../../plans/planSummary.ts';
import {
  createApplicationStore,
  dataMappingKey,
  persistOnPageHide,
} from '../../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { shallowEqual, useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { browserApi } from '../../api/browserApi.ts';
import type { PlanContent } from '../../plans/planContent.ts';
import { BrandBar } from '../BrandBar.tsx';
import { PageLoadFailed } from '../PageLoadFailed.tsx';
import { ErrorPopup } from '../../journey/ErrorPopup.tsx';
import { Loader } from '../journey/Loader.tsx';
import { loadPlanContent } from './planContentLoaders.ts';
import { NoApplicationScreen } from './NoApplicationScreen.tsx';
import { paymentOutcome } from './paymentOutcome.ts';
import { PaymentSuccessScreen } from './PaymentSuccessScreen.tsx';
import { loadProposalForms, type ProposalForms } from './proposalForms.ts';
import { ProposalStepScreen } from './ProposalStepScreen.tsx';
import { RegistrationUnsuccessfulScreen } from './RegistrationUnsuccessfulScreen.tsx';
import { resolveProposalRoute, stepKeyOf } from './proposalRoute.ts';
import { ThankYouScreen } from './ThankYouScreen.tsx';
import { useApplicationRefresh } from './useApplicationRefresh.ts';
import { useHash } from './useHash.ts';
import './proposal.css';

/** The application without the proposal steps' drafts: a keystroke in a step re-renders only its form. */
function withoutDrafts(state: ApplicationState): ApplicationState {
  if (!('proposalDrafts' in state)) return state;
  const { proposalDrafts: _drafts, ...rest } = state;
  return rest as ApplicationState;
}

/**
 * A plan's proposal page (plan.json routes.proposalPage), where payment and resume send
 * the visitor by hash route (spec 02 §2.2, spec 01 §2). It reads this tab's application
 * from session storage, refreshes it from the server once, and shows the screen the hash
 * names; its words come from the plan's content file. The proposal's forms (plan.json
 * proposal.steps, with the form runtime) load once the page is up: the payment's outcome
 * shows without them.
 */
export function ProposalPage({ config }: { config: PlanSummary }) {
  const [content, setContent] = useState<PlanContent>();
  const [contentFailed, setContentFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadPlanContent(config).then(
      (loaded) => live && setContent(loaded),
      () => live && setContentFailed(true),
    );
    return () => {
      live = false;
    };
  }, [config, attempt]);

  const store = useMemo(
    () => createApplicationStore({ storage: window.sessionStorage, key: dataMappingKey(config.productId) }),
    [config.productId],
  );
  useEffect(() => persistOnPageHide(store, window), [store]);
  const state = useStoreSelector(store, withoutDrafts, shallowEqual);
  // The page is the composition root: its screens are given this client, never reach for one.
  const api = useMemo(() => browserApi(), []);
  const refresh = useApplicationRefresh(store, config.productId, browserApi);
  const hash = useHash();
  const route = content ? resolveProposalRoute(hash) : undefined;

  // The proposal's forms: wanted on every screen of an application not yet submitted (a step,
  // and the way on to the first step still to do).
  const [forms, setForms] = useState<ProposalForms>();
  const [formsFailed, setFormsFailed] = useState(false);
  const wantsForms = Boolean(content && state.applicationNumber && !state.journeyFlag);
  useEffect(() => {
    if (!wantsForms || forms) return;
    let live = true;
    loadProposalForms(config).then(
      (loaded) => live && setForms(loaded),
      () => live && setFormsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [config, forms, wantsForms, attempt]);
  const stepKey = route?.screen === 'step' && forms ? stepKeyOf(route.key, forms.proposal) : undefined;

  // A route the page has no step for goes to the proposal root, in place of the unknown one.
  useEffect(() => {
    if (route?.screen === 'step' && forms && stepKey === undefined) window.location.replace('#/');
  }, [route, forms, stepKey]);

  // Moving between screens starts at the top, with the focus on the new screen's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const routeKey = route?.screen === 'step' ? `step:${route.key}` : route?.screen;
  const shownRoute = useRef<string | undefined>(undefined);
  // A step waits for its form (unless the proposal is already submitted: nothing to edit).
  const needsForm =
    (route?.screen === 'step' || route?.screen === 'registration-unsuccesful') &&
    Boolean(state.applicationNumber) &&
    !state.journeyFlag;
  const ready =
    content !== undefined && refresh.status.kind !== 'loading' && (!needsForm || forms !== undefined);
  useEffect(() => {
    if (!ready || !routeKey) return;
    if (shownRoute.current !== undefined && shownRoute.current !== routeKey) {
      window.scrollTo?.(0, 0);
      headingRef.current?.focus();
    }
    shownRoute.current = routeKey;
  }, [ready, routeKey]);

  const copy = content?.proposal;
  const screenTitle = !copy
    ? undefined
    : !state.applicationNumber
      ? copy.noApplication.title
      : route?.screen === 'payment-success'
        ? copy.outcomes[paymentOutcome(state.paymentDetails)].heading
        : route?.screen === 'thank-you'
          ? copy.thankYou.heading
          : route?.screen === 'registration-unsuccesful'
            ? copy.registrationUnsuccessful.heading
            : stepKey !== undefined && forms
              ? formTitle(forms.proposal[stepKey]!)
              : undefined;
  useEffect(() => {
    if (copy && screenTitle) document.title = `${screenTitle} — ${copy.title} — ${config.productName}`;
  }, [config.productName, copy, screenTitle]);

  if (contentFailed || (formsFailed && needsForm)) {
    return (
      <PageLoadFailed
        productName={config.productName}
        onRetry={() => {
          setContentFailed(false);
          setFormsFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  let screen: ReactNode = null;
  if (content && ready) {
    const props = { config, content, store, api, state, headingRef };
    if (!state.applicationNumber) screen = <NoApplicationScreen {...props} />;
    else if (route?.screen === 'payment-success') screen = <PaymentSuccessScreen {...props} forms={forms} />;
    else if (route?.screen === 'thank-you' || state.journeyFlag)
      screen = <ThankYouScreen {...props} forms={forms} />;
    else if (route?.screen === 'registration-unsuccesful' && forms)
      screen = <RegistrationUnsuccessfulScreen {...props} forms={forms} />;
    else if (stepKey !== undefined && forms)
      screen = <ProposalStepScreen key={stepKey} {...props} forms={forms} stepKey={stepKey} />;
  }

  const { status } = refresh;
  return (
    <div className="bf-proposal-page">
      <BrandBar>
        {content && state.applicationNumber && (
          <span className="bf-quote-id">
            {content.header.quoteIdLabel}: <strong>{state.applicationNumber}</strong>
          </span>
        )}
      </BrandBar>
      {!ready ? (
        <Loader key={content ? 'content' : 'plain'} label={copy?.loading} facts={content?.loaderFacts} />
      ) : (
        <main className="bf-page bf-proposal" id="main">
          {status.kind === 'submitted' && (
            <p className="bf-banner bf-proposal__notice" role="status">
              {copy!.submitted}
            </p>
          )}
          {screen}
        </main>
      )}
      <p className="bf-visually-hidden" role="status">
        {status.kind === 'fresh' ? copy?.refreshed : ''}
      </p>
      {status.kind === 'failed' && !status.dismissed && copy && (
        <ErrorPopup
          title={copy.refreshFailed.title}
          message={[status.message, copy.refreshFailed.keptNote].filter(Boolean).join(' ')}
          onClose={refresh.dismiss}
        />
      )}
    </div>
  );
}
