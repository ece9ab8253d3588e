import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { createApplicationStore, dataMappingKey } from '../../../engine/state/applicationStore.ts';
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
import { ProgressScreen } from './ProgressScreen.tsx';
import { resolveProposalRoute } from './proposalRoute.ts';
import { ThankYouScreen } from './ThankYouScreen.tsx';
import { useApplicationRefresh } from './useApplicationRefresh.ts';
import { useHash } from './useHash.ts';
import './proposal.css';

/**
 * A plan's proposal page (plan.json routes.proposalPage), where payment and resume send
 * the visitor by hash route (spec 02 §2.2, spec 01 §2). It reads this tab's application
 * from session storage, refreshes it from the server once, and shows the screen the hash
 * names; its words come from the plan's content file. No form runtime is loaded here.
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
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // The page is the composition root: its screens are given this client, never reach for one.
  const api = useMemo(() => browserApi(), []);
  const refresh = useApplicationRefresh(store, config.productId, browserApi);
  const hash = useHash();
  const route = content ? resolveProposalRoute(hash, content.proposal.steps) : undefined;

  // A route the page does not know goes to the proposal root, in place of the unknown one.
  useEffect(() => {
    if (route?.screen === 'unknown') window.location.replace('#/');
  }, [route?.screen]);

  // Moving between screens starts at the top, with the focus on the new screen's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const routeKey = route?.screen === 'step' ? `step:${route.key}` : route?.screen;
  const shownRoute = useRef<string | undefined>(undefined);
  const ready = content !== undefined && refresh.status.kind !== 'loading';
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
          : route?.screen === 'step'
            ? copy.steps[route.key]?.title
            : undefined;
  useEffect(() => {
    if (copy && screenTitle) document.title = `${screenTitle} — ${copy.title} — ${config.productName}`;
  }, [config.productName, copy, screenTitle]);

  if (contentFailed) {
    return (
      <PageLoadFailed
        productName={config.productName}
        onRetry={() => {
          setContentFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  let screen: ReactNode = null;
  if (content && ready) {
    const props = { config, content, store, api, state, headingRef };
    if (!state.applicationNumber) screen = <NoApplicationScreen {...props} />;
    else if (route?.screen === 'payment-success') screen = <PaymentSuccessScreen {...props} />;
    else if (route?.screen === 'thank-you') screen = <ThankYouScreen {...props} />;
    else if (route?.screen === 'step') screen = <ProgressScreen {...props} stepKey={route.key} />;
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
