import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { browserApi } from '../../api/browserApi.ts';
import { JourneyServicesContext, type JourneyServices } from '../../journey/JourneyServices.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { loadPlan } from '../planRegistry.ts';

const JourneyHelp = lazy(() => import('../../journey/help/JourneyHelp.tsx'));

/**
 * The journey's help on the proposal page too (issue 20: Talk to Expert and the chat in the same
 * place on every step of every plan): once the page's first screen is up, the plan's journey
 * module (its Talk to Expert popups) loads and the same help runs, the step being the page's route.
 */
export default function ProposalHelp({
  config,
  store,
  step,
  funnelStep,
}: {
  config: PlanSummary;
  store: ApplicationStore;
  step: string | undefined;
  /** Whether the page shows one of the proposal's steps (counted in the funnel), not an outcome screen. */
  funnelStep: boolean;
}) {
  const [plan, setPlan] = useState<LoadedPlan>();
  useEffect(() => {
    let live = true;
    // Help that could not load leaves the page as it is: the proposal works without it.
    loadPlan(config).then(
      (loaded) => live && setPlan(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [config]);
  const services = useMemo<JourneyServices>(
    () => ({
      api: browserApi(),
      session: window.sessionStorage,
      local: window.localStorage,
      now: () => new Date(),
      openSealed: () => undefined,
    }),
    [],
  );
  if (!plan) return null;
  return (
    <JourneyServicesContext.Provider value={services}>
      <Suspense fallback={null}>
        <JourneyHelp plan={plan} store={store} stepId={step} funnelStep={funnelStep} />
      </Suspense>
    </JourneyServicesContext.Provider>
  );
}
