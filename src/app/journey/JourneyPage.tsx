import { useEffect, useMemo, useState } from 'react';
import type { PlanAdapter } from '../../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { adapters } from '../../adapters/registry.ts';
import { loadPlan } from '../planRegistry.ts';
import { BrandBar } from '../BrandBar.tsx';
import { PageLoadFailed } from '../PageLoadFailed.tsx';
import { Loader } from './Loader.tsx';
import { Journey } from './Journey.tsx';
import { browserApi, loadSealedOpener } from '../../api/browserApi.ts';
import { JourneyServicesContext, type JourneyServices } from '../../journey/JourneyServices.ts';
import { createStandardAdapter } from '../../journey/standardAdapter.ts';

/** Loads the plan's chunk (and its adapter, for a plan that has one), then runs the standard journey. */
export function JourneyPage({ config }: { config: PlanSummary }) {
  const [plan, setPlan] = useState<{ plan: LoadedPlan; adapter: PlanAdapter; services: JourneyServices }>();
  const services = useMemo<Omit<JourneyServices, 'openSealed'>>(
    () => ({
      api: browserApi(),
      session: window.sessionStorage,
      local: window.localStorage,
      now: () => new Date(),
    }),
    [],
  );
  const [error, setError] = useState<Error>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const loadAdapter = config.adapter === undefined ? () => Promise.resolve({}) : adapters[config.adapter];
    // An entry link with sealed details needs the envelope before the journey reads it.
    const search = new URLSearchParams(window.location.search);
    const sealed = search.has('details');
    Promise.all([
      // The journey opens on its first step, whose validators come with the plan; the others
      // load once it is on screen (Journey). An entry link with details fills and checks its
      // step as the journey starts: that step's validators first.
      loadPlan(config).then(async (loaded) => {
        const entryStep = sealed && loaded.config.entry ? loaded.steps[loaded.config.entry.step] : undefined;
        if (entryStep) await entryStep.loadValidator();
        return loaded;
      }),
      loadAdapter ? loadAdapter() : Promise.reject(new Error(`No adapter "${config.adapter}"`)),
      sealed ? loadSealedOpener() : Promise.resolve(() => undefined),
    ]).then(
      ([loaded, extra, openSealed]) => {
        if (!live) return;
        const all = { ...services, openSealed };
        setPlan({ plan: loaded, adapter: createStandardAdapter(loaded, all, extra), services: all });
      },
      (reason: unknown) => live && setError(reason instanceof Error ? reason : new Error(String(reason))),
    );
    return () => {
      live = false;
    };
  }, [config, attempt, services]);

  useEffect(() => {
    document.title = `${config.productName} — Bimaflow Life Insurance`;
  }, [config]);

  if (error) {
    return (
      <PageLoadFailed
        productName={config.productName}
        onRetry={() => {
          setError(undefined);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!plan) {
    return (
      <>
        <BrandBar />
        <Loader label={`Loading ${config.productName}`} />
      </>
    );
  }
  return (
    <JourneyServicesContext.Provider value={plan.services}>
      <Journey plan={plan.plan} adapter={plan.adapter} />
    </JourneyServicesContext.Provider>
  );
}
