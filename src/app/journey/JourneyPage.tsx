import { useEffect, useMemo, useState } from 'react';
import type { PlanAdapter } from '../../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { adapters } from '../../adapters/registry.ts';
import { journeyBase, loadPlan } from '../planRegistry.ts';
import { dataMappingKey } from '../../../engine/state/applicationStore.ts';
import { initialMeta, routeOf } from './journeyRoutes.ts';
import { loadJourneyMachine, type JourneyMachineModule } from './journeyMachine.ts';
import { BrandBar } from '../BrandBar.tsx';
import { PageLoadFailed } from '../PageLoadFailed.tsx';
import { Loader } from './Loader.tsx';
import { Journey } from './Journey.tsx';
import type { EntryLink } from './entryDetails.ts';
import { browserApi, loadSealedOpener } from '../../api/browserApi.ts';
import { JourneyServicesContext, type JourneyServices } from '../../journey/JourneyServices.ts';
import { createStandardAdapter } from '../../journey/standardAdapter.ts';

/** What a journey page runs on: its plan built, the plan's adapter and the page's services. */
export interface PreparedJourney {
  plan: LoadedPlan;
  adapter: PlanAdapter;
  services: JourneyServices;
  /** The journey's machine, where the page opens on anything but a new visitor's first step. */
  journeyMachine?: JourneyMachineModule;
  /** How an entry link is taken, where the address has a query (an entry link's parameters). */
  entryLink?: EntryLink;
}

/**
 * Whether the page opens on a new visitor's first step, which needs no machine to know: this tab
 * holds no application of the plan with a number (what was typed on the first step may be
 * kept), and the address is the journey's own (or its first step's).
 */
function opensOnFirstStep(
  config: PlanSummary,
  session: JourneyServices['session'],
  landing: string | undefined,
): boolean {
  const route = routeOf(
    window.location.pathname + window.location.hash,
    journeyBase(config),
    config.routes.mode === 'hash',
  );
  return !holdsApplication(session, config.productId) && (route === '' || route === landing);
}

/** Whether this tab holds an application of the plan that exists (has its number): the machine routes it. */
function holdsApplication(session: JourneyServices['session'], productId: string): boolean {
  const raw = session.getItem(dataMappingKey(productId));
  if (!raw) return false;
  try {
    return Boolean((JSON.parse(raw) as { applicationNumber?: unknown } | null)?.applicationNumber);
  } catch {
    return false;
  }
}

/** The page's services: the server's API and the browser's storage and clock. */
const browserServices = (): Omit<JourneyServices, 'openSealed'> => ({
  api: browserApi(),
  session: window.sessionStorage,
  local: window.localStorage,
  now: () => new Date(),
});

/**
 * Loads the plan's chunk (and its adapter, for a plan that has one) and builds what the journey
 * runs on. The entry calls it before React's first render (issue 21: the first commit is the
 * step, not a loader); the page calls it again after a failure.
 */
export function prepareJourney(
  config: PlanSummary,
  services: Omit<JourneyServices, 'openSealed'> = browserServices(),
): Promise<PreparedJourney> {
  const loadAdapter = config.adapter === undefined ? () => Promise.resolve({}) : adapters[config.adapter];
  // An entry link with sealed details needs the envelope before the journey reads it.
  const search = new URLSearchParams(window.location.search);
  const sealed = search.has('details');
  // Anything but a new visitor's first step needs the machine to know what to show: it comes
  // beside the plan (the page's HTML names it as a modulepreload where the path says so).
  const machineFirst = !opensOnFirstStep(config, services.session, '') ? loadJourneyMachine() : undefined;
  return Promise.all([
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
    // An entry link (spec 02 §2.1) is an address with a query: only then is the code that reads
    // one downloaded, beside the plan (a plain visit, most visitors, never needs it).
    search.toString() ? import('./entryDetails.ts').then((module) => module.takeEntryLink) : undefined,
  ]).then(async ([loaded, extra, openSealed, entryLink]) => {
    const all = { ...services, openSealed };
    const first = initialMeta(loaded);
    const journeyMachine =
      first && opensOnFirstStep(config, services.session, first.route)
        ? undefined
        : await (machineFirst ?? loadJourneyMachine());
    return {
      plan: loaded,
      adapter: createStandardAdapter(loaded, all, extra),
      services: all,
      journeyMachine,
      entryLink,
    };
  });
}

/**
 * The journey page: runs the standard journey on its plan, prepared before the first render
 * (`prepared`, from the entry) or loaded here, with a retry after a failure.
 */
export function JourneyPage({ config, prepared }: { config: PlanSummary; prepared?: PreparedJourney }) {
  const [plan, setPlan] = useState<PreparedJourney | undefined>(() =>
    prepared?.plan.config.productId === config.productId ? prepared : undefined,
  );
  const services = useMemo(() => plan?.services ?? browserServices(), [plan]);
  const [error, setError] = useState<Error>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (plan) return;
    let live = true;
    prepareJourney(config, services).then(
      (ready) => live && setPlan(ready),
      (reason: unknown) => live && setError(reason instanceof Error ? reason : new Error(String(reason))),
    );
    return () => {
      live = false;
    };
    // `plan` and `services` are read once per attempt: the page loads until it has one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, attempt]);

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
      <Journey
        plan={plan.plan}
        adapter={plan.adapter}
        journeyMachine={plan.journeyMachine}
        entryLink={plan.entryLink}
      />
    </JourneyServicesContext.Provider>
  );
}
