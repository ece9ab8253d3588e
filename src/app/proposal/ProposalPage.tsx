import { formTitle } from '../../../engine/plan/formTitle.ts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlanSummary } from '../../plans/planSummary.ts';
import {
  createApplicationStore,
  dataMappingKey,
  persistOnPageHide,
} from '../../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { shallowEqual, useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { browserApi } from '../../api/browserApi.ts';
import { BrandBar } from '../BrandBar.tsx';
import { PageLoadFailed } from '../PageLoadFailed.tsx';
import { ErrorPopup } from '../../journey/ErrorPopup.tsx';
import { Loader } from '../journey/Loader.tsx';
import { NoApplicationScreen } from './NoApplicationScreen.tsx';
import { paymentOutcome } from './paymentOutcome.ts';
import { PaymentSuccessScreen } from './PaymentSuccessScreen.tsx';
import { isProposalOpen } from './proposalAccess.ts';
import { loadProposal, type ProposalPageData } from './proposalForms.ts';
import { ProposalStepScreen } from './ProposalStepScreen.tsx';
import { RegistrationUnsuccessfulScreen } from './RegistrationUnsuccessfulScreen.tsx';
import { resolveProposalRoute, stepKeyOf } from './proposalRoute.ts';
import { ThankYouScreen } from './ThankYouScreen.tsx';
import { useApplicationRefresh } from './useApplicationRefresh.ts';
import { useHash } from './useHash.ts';
import { PROPOSAL_ROOT_STEP } from '../../shared/stepNames.ts';
import './proposal.css';

// Talk to Expert, the chat and the idle popup, as on the journey: once the first screen is up and
// the other steps' forms have come (nothing of them is in the first screen's download).
const ProposalHelp = lazy(() => import('./ProposalHelp.tsx'));

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
 * names; its words come from the plan's content file, which comes with the proposal's forms
 * (plan.json proposal.steps) and their first step's validators; the other steps' come once
 * the page is up.
 */
export function ProposalPage({ config }: { config: PlanSummary }) {
  // The plan's copy and proposal forms: one module, asked for by the entry beside this page's code.
  const [page, setPage] = useState<ProposalPageData>();
  const [pageFailed, setPageFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadProposal(config).then(
      (loaded) => live && setPage(loaded),
      () => live && setPageFailed(true),
    );
    return () => {
      live = false;
    };
  }, [config, attempt]);
  const content = page?.content;
  const forms = page?.forms;

  const store = useMemo(
    () => createApplicationStore({ storage: window.sessionStorage, key: dataMappingKey(config.productId) }),
    [config.productId],
  );
  useEffect(() => persistOnPageHide(store, window), [store]);
  const state = useStoreSelector(store, withoutDrafts, shallowEqual);
  const hash = useHash();
  const parsedRoute = resolveProposalRoute(hash);
  const route = content ? parsedRoute : undefined;
  const stepKey = route?.screen === 'step' && forms ? stepKeyOf(route.key, forms.proposal) : undefined;

  // The other steps' validators (the first step's come with the page): asked for once the page
  // is up; a later step, and the screens that say which steps are done, wait for them.
  const [allForms, setAllForms] = useState(false);
  const [allFormsFailed, setAllFormsFailed] = useState(false);
  const submitted = Boolean(state.journeyFlag);
  const needsAllForms =
    Boolean(state.applicationNumber) &&
    !submitted &&
    (route?.screen === 'registration-unsuccesful' ||
      (stepKey !== undefined && forms !== undefined && !forms.proposal[stepKey]!.validatorLoaded()));

  // A step this tab's application already opens shows from the tab's copy at once; the read-back
  // from the server (and the API client's code) follows once it is up. Other screens wait for it.
  const showsFromTab =
    parsedRoute.screen === 'step' && Boolean(state.applicationNumber) && !submitted && isProposalOpen(state);
  const formShown = stepKey !== undefined && (!needsAllForms || allForms);
  const refresh = useApplicationRefresh(store, config.productId, browserApi, !showsFromTab || formShown);
  // The page is the composition root: its screens are given this client, never reach for one.
  const api = useMemo(() => browserApi(), []);

  // A route the page has no step for goes to the proposal root, in place of the unknown one.
  useEffect(() => {
    if (route?.screen === 'step' && forms && stepKey === undefined) window.location.replace('#/');
  }, [route, forms, stepKey]);

  // Moving between screens starts at the top, with the focus on the new screen's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const routeKey = route?.screen === 'step' ? `step:${route.key}` : route?.screen;
  const shownRoute = useRef<string | undefined>(undefined);
  const ready =
    page !== undefined && (showsFromTab || refresh.status.kind !== 'loading') && (!needsAllForms || allForms);
  // Asked for once the first screen is up, or at once by a screen that waits for them.
  const wantsAllForms = ready || needsAllForms;
  useEffect(() => {
    if (!wantsAllForms || !forms || allForms || submitted || !state.applicationNumber) return;
    let live = true;
    forms.loadForms().then(
      () => live && setAllForms(true),
      () => live && setAllFormsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wantsAllForms, forms, allForms, submitted, state.applicationNumber, attempt]);
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

  if (pageFailed || (allFormsFailed && needsAllForms)) {
    return (
      <PageLoadFailed
        productName={config.productName}
        onRetry={() => {
          setPageFailed(false);
          setAllFormsFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  let screen: ReactNode = null;
  if (content && ready) {
    const props = { config, content, store, api, state, settled: refresh.settled, headingRef };
    if (!state.applicationNumber) screen = <NoApplicationScreen {...props} />;
    // The screens that say which steps are done have the forms once every step's validator is here.
    else if (route?.screen === 'payment-success')
      screen = <PaymentSuccessScreen {...props} forms={allForms ? forms : undefined} />;
    else if (route?.screen === 'thank-you' || state.journeyFlag)
      screen = <ThankYouScreen {...props} forms={allForms ? forms : undefined} />;
    else if (route?.screen === 'registration-unsuccesful' && forms)
      screen = <RegistrationUnsuccessfulScreen {...props} forms={forms} />;
    else if (stepKey !== undefined && forms)
      screen = (
        <ProposalStepScreen
          key={stepKey}
          {...props}
          forms={forms}
          stepKey={stepKey}
          allValidators={allForms}
        />
      );
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
      {ready && (allForms || allFormsFailed || !state.applicationNumber) && (
        <Suspense fallback={null}>
          <ProposalHelp
            config={config}
            store={store}
            step={route?.screen === 'step' ? route.key || PROPOSAL_ROOT_STEP : route?.screen}
            funnelStep={route?.screen === 'step'}
          />
        </Suspense>
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
