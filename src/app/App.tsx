import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { PreparedJourney } from './journey/JourneyPage.tsx';
import { BrandBar } from './BrandBar.tsx';
import { Loader } from './journey/Loader.tsx';
import { loadJourneyPage, loadProposalPage } from './pages.ts';
import { planForPath, proposalPlanForPath } from './planRegistry.ts';
import { usePathname } from './usePathname.ts';
import { SiteFooter } from './SiteFooter.tsx';

// The form runtime (RJSF, XState, widgets) loads with the first journey, not with the catalogue.
const JourneyPage = lazy(() => loadJourneyPage().then((module) => ({ default: module.JourneyPage })));
// The catalogue carries every plan's card copy: its own chunk, so no journey loads it.
const Catalogue = lazy(() => import('./Catalogue.tsx').then((module) => ({ default: module.Catalogue })));
// The proposal page needs no form runtime: its own small chunk.
const ProposalPage = lazy(() => loadProposalPage().then((module) => ({ default: module.ProposalPage })));

/** The router fallback of spec 01 §2: a render error shows 'Unexpected Application Error!'. */
class AppErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="bf-page bf-fallback">
        <div role="alert">
          <h1>Unexpected Application Error!</h1>
          <p>Something went wrong while showing this page. Your details are saved in this browser tab.</p>
        </div>
        <a className="bf-button bf-button--primary" href="/">
          Go to Homepage
        </a>
      </main>
    );
  }
}

/**
 * The journey page the entry had ready before React's first render (main.tsx): its code and its
 * plan prepared, so the first commit is the step itself, not a loader (issue 21).
 */
export interface ReadyJourney {
  JourneyPage: (typeof import('./journey/JourneyPage.tsx'))['JourneyPage'];
  prepared: PreparedJourney | undefined;
}

export function App({ ready }: { ready?: ReadyJourney }) {
  const pathname = usePathname();
  const proposalPlan = proposalPlanForPath(pathname);
  const plan = proposalPlan ? undefined : planForPath(pathname);
  let page: ReactNode;
  if (pathname === '/')
    page = (
      <Suspense
        fallback={
          <>
            <BrandBar />
            <Loader label="Loading our plans" />
          </>
        }
      >
        <Catalogue />
      </Suspense>
    );
  else if (proposalPlan)
    page = (
      <Suspense
        fallback={
          <>
            <BrandBar />
            <Loader />
          </>
        }
      >
        <ProposalPage key={proposalPlan.productId} config={proposalPlan} />
      </Suspense>
    );
  else if (plan && ready)
    page = <ready.JourneyPage key={plan.productId} config={plan} prepared={ready.prepared} />;
  else if (plan)
    page = (
      <Suspense
        fallback={
          <>
            <BrandBar />
            <Loader label={`Loading ${plan.productName}`} />
          </>
        }
      >
        <JourneyPage key={plan.productId} config={plan} />
      </Suspense>
    );
  else
    page = (
      <main className="bf-page bf-fallback">
        <h1>Page not found</h1>
        <p>The page you asked for does not exist.</p>
        <a className="bf-button bf-button--primary" href="/">
          See all plans
        </a>
      </main>
    );
  return (
    <AppErrorBoundary>
      <div className="bf-app">
        {/* At least a screen tall: the footer starts below the fold, so a step replacing its
            loader never pushes it (no layout shift). */}
        <div className="bf-app__page">{page}</div>
        <SiteFooter />
      </div>
    </AppErrorBoundary>
  );
}
