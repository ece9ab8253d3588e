import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { getDefaultFormState } from '@rjsf/utils';
import { StepFailure, type PlanAdapter } from '../../../engine/plan/adapter.ts';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import type { JourneyActor } from '../../../engine/machine/journeyActor.ts';
import type { JourneyStateMeta } from '../../../engine/machine/journeyTypes.ts';
import {
  type ApplicationStore,
  createApplicationStore,
  dataMappingKey,
  persistOnPageHide,
} from '../../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { stepSubmitAction } from '../../../engine/state/stepActions.ts';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { commitDraftsNow } from '../../../engine/form/fieldDrafts.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import { journeyBase } from '../planRegistry.ts';
import { proposalUrl } from './proposalUrl.ts';
import { addressOf, initialMeta, landingRoute, routeOf } from './journeyRoutes.ts';
import { loadJourneyMachine, type JourneyMachineModule } from './journeyMachine.ts';
import { JourneyHeader } from './JourneyHeader.tsx';
import type { EntryLink } from './entryDetails.ts';
import { navigate, useLocation } from '../usePathname.ts';
import { ErrorPopup } from '../../journey/ErrorPopup.tsx';
import { FormGate } from './FormGate.tsx';
import { stepNeeded } from '../../journey/stepNeeds.ts';
import { loadLaterParts } from '../../journey/laterParts.ts';
import { afterFirstInteraction } from './afterFirstInteraction.ts';
import { useLoaded, type Needed } from '../../../engine/form/useFormReady.ts';
import { Loader } from './Loader.tsx';
import { SidePanel } from './SidePanel.tsx';
import { Stepper } from './Stepper.tsx';
import { createBoundSelector } from '../../journey/boundData.ts';
import { useJourneyServices } from '../../journey/JourneyServices.ts';
import { MESSAGES } from '../../journey/messages.ts';
import type { PlanContent } from '../../plans/planContent.ts';

const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;

/** A step's data with what the visitor has not chosen filled with its schema's defaults. */
function defaultsOf(step: LoadedStep, current: StepData): StepData {
  return getDefaultFormState(
    step.validator,
    step.schema,
    current,
    step.schema,
    false,
    DEFAULTS_BEHAVIOUR,
  ) as StepData;
}

/**
 * Fills a step's defaults into the application before the step renders (its opening does the
 * same, and then finds nothing to fill). Not while its validators are loading: the step's
 * own opening fills them once they are in.
 */
function fillStepDefaults(step: LoadedStep, store: ApplicationStore): void {
  if (!step.validatorLoaded()) return;
  const current = createBoundSelector(step.definition.bind, step.schema)(store.getState());
  writeDefaults(step, current, defaultsOf(step, current), store);
}

/** Writes into the application each of a step's fields its defaults changed. */
function writeDefaults(step: LoadedStep, current: StepData, filled: StepData, store: ApplicationStore): void {
  for (const [field, pointer] of Object.entries(step.definition.bind)) {
    if (JSON.stringify(filled[field]) !== JSON.stringify(current[field]))
      store.dispatch({ type: 'setAt', pointer, value: filled[field] });
  }
}

/**
 * Waits for the next task: what the current one started (a request built and sealed over a few
 * promise steps) has then been sent, before React's synchronous render of the next step, queued
 * behind it, takes the main thread (at 4x CPU a few hundred milliseconds, in which the request's
 * round trip then runs).
 */
function requestLeaves(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** Spec 02 §8: what the visitor sees when their details could not be taken forward. */
const COULD_NOT_PROCESS = MESSAGES.notProcessed;

/** Spec 02 §9: the pause before routing a resumed application by its stage, and before the pay-later redirect. */
const RESUME_DELAY_MS = 100;

// The landing sections sit under the first step, below the fold on a phone: their code comes
// once the step is on screen (not in the first download), and nothing visible moves for it.
const LandingSections = lazy(() =>
  import('../landing/LandingSections.tsx').then((module) => ({ default: module.LandingSections })),
);

// Talk to Expert, chat, the idle popup and the journey's measurement: once the first step is on screen.
const JourneyHelp = lazy(() => import('../../journey/help/JourneyHelp.tsx'));

const applicationNumberOf = (state: ApplicationState) => state.applicationNumber;
const capabilityOf = (state: ApplicationState) => state.capability;

/**
 * One plan's journey: the application store (session storage), the plan's machine
 * deciding which screen a path shows, and the step form of that screen.
 */
export function Journey({
  plan,
  adapter,
  journeyMachine,
  entryLink,
}: {
  plan: LoadedPlan;
  adapter: PlanAdapter;
  /** The machine's module, where the page had it before its first render (JourneyPage). */
  journeyMachine?: JourneyMachineModule;
  /** How an entry link is taken: loaded only for an address with a query (JourneyPage). */
  entryLink?: EntryLink;
}) {
  const { config } = plan;
  const services = useJourneyServices();
  const journeyRoot = journeyBase(config);
  const hashMode = config.routes.mode === 'hash';
  /** The address of a route of this journey. */
  const addressFor = useCallback(
    (route: string) => addressOf(route, journeyRoot, hashMode),
    [journeyRoot, hashMode],
  );
  const store = useMemo(
    () =>
      // Typing is written to session storage once the keys pause (the store's delay) and when the page hides.
      createApplicationStore({ storage: services.session, key: dataMappingKey(config.productId) }),
    [config.productId, services.session],
  );
  useEffect(() => persistOnPageHide(store, window), [store]);
  // An entry link (spec 02 §2.1) fills the application before anything reads it.
  const [entryData] = useState(() => entryLink?.(plan, store, services.openSealed));
  // Slices, so a keystroke re-renders the journey only through the step's own data.
  const applicationNumber = useStoreSelector(store, applicationNumberOf);
  const capability = useStoreSelector(store, capabilityOf);
  const headerSession = useMemo(() => ({ applicationNumber, capability }), [applicationNumber, capability]);
  const location = useLocation();
  const [popup, setPopup] = useState<string>();
  const [busy, setBusy] = useState<false | 'saving' | 'leaving'>(false);
  const [notice, setNotice] = useState<string>();

  // The machine decides which screen a path shows. A new visitor's first step is its initial
  // state, read off machine.json (`firstMeta`): the machine (XState, a chunk of its own) starts
  // once the visitor first uses the page, or as soon as anything needs it (issue 21).
  const [machineModule, setMachineModule] = useState(journeyMachine);
  const firstMeta = useMemo(() => (journeyMachine ? undefined : initialMeta(plan)), [journeyMachine, plan]);
  const needMachine = useCallback(() => {
    const loading = loadJourneyMachine();
    loading.then(setMachineModule, () => setPopup(MESSAGES.formNotLoaded));
    return loading;
  }, []);
  const [running, setRunning] = useState<{ actor: JourneyActor; meta: JourneyStateMeta | undefined }>();
  const actorRef = useRef<JourneyActor>(undefined);
  // Whether the journey is still on the page (a submit that waited a task asks).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const actorWaiters = useRef<Array<(actor: JourneyActor) => void>>([]);
  useLayoutEffect(() => {
    if (!machineModule) return;
    const actor = machineModule.startJourneyActor(plan, adapter.machine, store.getState());
    const show = () =>
      setRunning((now) =>
        now?.actor === actor && now.meta === actor.meta() ? now : { actor, meta: actor.meta() },
      );
    show();
    const unsubscribe = actor.subscribe(show);
    // The machine hears of a change only where its guards read (a keystroke in a name does not reach it).
    const unsync = store.subscribe(() => actor.update(store.getState()));
    actorRef.current = actor;
    actorWaiters.current.splice(0).forEach((resolve) => resolve(actor));
    return () => {
      unsync();
      unsubscribe();
      actor.stop();
      if (actorRef.current === actor) actorRef.current = undefined;
    };
  }, [machineModule, plan, adapter, store]);
  const actor = running?.actor;
  /** The running machine, once it is here (loading it if nothing has yet). */
  const ensureActor = useCallback(
    () =>
      actorRef.current
        ? Promise.resolve(actorRef.current)
        : new Promise<JourneyActor>((resolve, reject) => {
            actorWaiters.current.push(resolve);
            needMachine().catch(reject);
          }),
    [needMachine],
  );
  // Before the machine: the first step, only at its own address (any other waits for the machine).
  const routeNow = routeOf(location, journeyRoot, hashMode);
  const meta = running
    ? running.meta
    : firstMeta && (routeNow === '' || routeNow === firstMeta.route)
      ? firstMeta
      : undefined;
  // Any other screen waits for the machine, under the loader (with a retry if it cannot come).
  const machineNeeded = useMemo<Needed>(
    () => ({
      loaded: () => machineModule !== undefined,
      load: () => loadJourneyMachine().then(setMachineModule),
    }),
    [machineModule],
  );
  const machineReadiness = useLoaded(!running && !meta ? machineNeeded : undefined);

  // Back from the payment gateway or the proposal page (the browser's back-forward cache
  // restores this page as it was left): the loader of that departure is over.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // A step the journey moved to while its step's save is still answering (see handleSubmit):
  // the machine is there already, and the route's guard would read the stage not yet saved.
  const movedAhead = useRef<string>(undefined);
  // That save: the next submit waits for it (it carries its version); false once it failed.
  const saving = useRef<Promise<boolean>>(undefined);

  // The path asks; the machine decides. A path the visitor may not reach yet is replaced; a
  // paid application has no journey form to open, so its paths lead to the proposal page.
  // The top of the page for a new screen (not when the machine arrives under the one on screen).
  const shownRoute = useRef<string>(undefined);
  const showRoute = useCallback(
    (route: string) => {
      navigate(addressFor(route), { replace: true });
      if (shownRoute.current !== route) window.scrollTo?.(0, 0);
      shownRoute.current = route;
    },
    [addressFor],
  );
  useEffect(() => {
    const route = routeOf(location, journeyRoot, hashMode);
    if (!actor) {
      // A new visitor's first step needs no machine; any other path waits for it.
      if (firstMeta?.route !== undefined && (route === '' || route === firstMeta.route))
        showRoute(firstMeta.route);
      return;
    }
    const ahead = movedAhead.current;
    movedAhead.current = undefined;
    if (ahead !== undefined && ahead === route && actor.meta()?.route === route) {
      window.scrollTo?.(0, 0);
      shownRoute.current = route;
      return;
    }
    actor.send({ type: 'NAVIGATE', route });
    const meta = actor.meta();
    if (meta?.proposalRoute !== undefined) {
      store.flush();
      window.location.replace(proposalUrl(config, meta.proposalRoute));
      return;
    }
    showRoute(meta?.route ?? '');
  }, [actor, firstMeta, showRoute, config, journeyRoot, hashMode, location, store]);

  // A state of the proposal page (a paid application's routes lead there): the page is on its way.
  const leavingForProposal = meta?.proposalRoute !== undefined;
  const step = meta?.step ? plan.steps[meta.step] : undefined;
  const bind = useMemo(() => step?.definition.bind ?? {}, [step]);
  const selectBound = useMemo(() => createBoundSelector(bind, step?.schema), [bind, step]);
  const boundData = useStoreSelector(store, selectBound);
  const Panel = step ? adapter.panels?.[step.id] : undefined;
  const LandingPanel = adapter.landingPanel;
  // The landing sections and the product identification footer show only on the first screen (spec 02 §2.1).
  const onLanding = meta?.route !== undefined && meta.route === landingRoute(plan);
  const content = plan.content as PlanContent | undefined;

  // Entering a step fills what the visitor has not chosen with the schema's defaults, in
  // the application state itself, so calls made from the step (a quote) see them too. They
  // are derived once as the step opens (typing never re-derives them here), and the form opens
  // on them, so it has nothing of its own to fill and report.
  // A later step's validators may still be loading (a phone loads them after the first step).
  // One readiness for the step (its validators, panels, label code): the defaults below and the
  // gate around the form follow the same answer, retries included.
  const stepReadiness = useLoaded(step && stepNeeded(step));
  const stepReady = stepReadiness.ready;
  // Once a step is on screen and the visitor starts on it, what the others need (their
  // validators, the shared panels, the code of a submit) downloads while they fill it in; a
  // later step opened sooner waits (FormGate), a submit sooner waits for its code.
  const [laterPartsAsked, setLaterPartsAsked] = useState(false);
  const [laterCopy, setLaterCopy] = useState(false);
  useEffect(() => {
    if (!stepReady) return;
    let live = true;
    // Once the visitor first uses the page, when the browser is idle (not while the first
    // screen loads): the later screens' copy (the landing sections') comes with the later forms.
    const cancel = afterFirstInteraction(() => {
      loadLaterParts(plan);
      // Ahead of need: a failure says nothing here (what needs the machine asks again).
      loadJourneyMachine().then(setMachineModule, () => undefined);
      // The token too, so Continue waits for no token (issue 21).
      services.api.warm?.();
      setLaterPartsAsked(true);
      void plan
        .loadForms()
        .catch(() => undefined)
        .then(() => live && setLaterCopy(true));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [plan, stepReady, services]);
  const opened = useMemo(() => {
    if (!step || !stepReady) return undefined;
    const current = selectBound(store.getState());
    return { current, filled: defaultsOf(step, current) };
  }, [step, stepReady, selectBound, store]);
  useLayoutEffect(() => {
    if (step && opened) writeDefaults(step, opened.current, opened.filled, store);
  }, [step, opened, store]);
  const formData = opened && boundData === opened.current ? opened.filled : boundData;
  const submitLabel = useStoreSelector(
    store,
    useCallback(
      (state: ApplicationState) => (step ? adapter.submitLabel?.(step.id, state) : undefined),
      // Again once the step's parts are in: the label reads code that loads with them (a quote
      // stored before a reload changes nothing in the store to ask again).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [adapter, step, stepReady],
    ),
  );

  const handleChange = useCallback(
    (data: StepData) => {
      // What the visitor types is saved once they pause (and when the page hides), not per key.
      for (const [field, pointer] of Object.entries(bind)) {
        store.dispatch({ type: 'setAt', pointer, value: data[field] }, { typing: true });
      }
    },
    [bind, store],
  );

  const handleSubmit = useCallback(
    async (data: StepData) => {
      if (!step || busy) return;
      // The machine decides where Next leads: a submit quicker than its download waits for it.
      let actor = actorRef.current;
      if (!actor) {
        setBusy('saving');
        try {
          actor = await ensureActor();
        } catch {
          setBusy(false);
          return;
        }
        setBusy(false);
      }
      // The step before is still saving: this submit goes after it, and not at all when it
      // failed (its failure is on screen and its step open again).
      if (saving.current) {
        setBusy('saving');
        const saved = await saving.current;
        setBusy(false);
        if (!saved) return;
      }
      // Basic details of an application that exists already are an edit of it: they merge
      // (spec 01 §4 'updating basic details'), so the plan's choices that still fit are kept.
      const editing =
        step.definition.submit?.type === 'createApplication' && Boolean(store.getState().applicationNumber);
      if (step.definition.onSubmit && !editing)
        store.dispatch(stepSubmitAction(step.definition.onSubmit, data));
      const context = {
        stepId: step.id,
        plan,
        store,
        search: new URLSearchParams(window.location.search),
      };
      // The next step's defaults go into the application before it renders, and what it asks
      // the server for (its first quote) starts now, not once it is drawn (issue 21).
      const opening = (nextStep: string | undefined): boolean => {
        const next = nextStep ? plan.steps[nextStep] : undefined;
        if (!next) return false;
        fillStepDefaults(next, store);
        return adapter.onStepOpening?.(context, next.id) ?? false;
      };
      if (adapter.onStepSubmit) {
        // A save the next step does not wait for: the next step shows at once (issue 21).
        const from = actor.meta()?.route;
        const nextStep = actor.metaAfterNext()?.step;
        if (from !== undefined && nextStep && adapter.movesOnBeforeSubmitEnds?.(context, nextStep)) {
          const save: Promise<boolean> = adapter.onStepSubmit(context).then(
            (outcome) => {
              if (outcome && typeof outcome === 'object') setNotice(outcome.notice);
              return true;
            },
            (error: unknown) => {
              setPopup(error instanceof StepFailure ? error.message : COULD_NOT_PROCESS);
              // Back to the step whose details were not taken: what was typed since stays.
              commitDraftsNow();
              navigate(addressFor(from));
              return false;
            },
          );
          saving.current = save;
          void save.finally(() => {
            if (saving.current === save) saving.current = undefined;
          });
          store.flush();
          opening(nextStep);
          actor.send({ type: 'NEXT' });
          const route = actor.meta()?.route ?? '';
          movedAhead.current = route;
          navigate(addressFor(route));
          return;
        }
        setBusy('saving');
        let outcome;
        try {
          outcome = await adapter.onStepSubmit(context);
        } catch (error) {
          setBusy(false);
          setPopup(error instanceof StepFailure ? error.message : COULD_NOT_PROCESS);
          return;
        }
        // The adapter sent the browser to another page (a payment gateway): keep the loader up.
        if (outcome === 'left') {
          store.flush();
          setBusy('leaving');
          return;
        }
        if (outcome && typeof outcome === 'object') setNotice(outcome.notice);
      }
      // A submitted step is saved at once, not after the typing pause.
      store.flush();
      // The next step's first quote, asked for now, leaves before the step is drawn: drawing it
      // takes a phone a few hundred milliseconds, in which the quote's round trip then runs. The
      // step stays busy meanwhile (a second press waits), and a visitor who has gone elsewhere in
      // that task (Back, another page) is not moved on.
      const submittedAt = actor.meta()?.route;
      if (opening(actor.metaAfterNext()?.step)) {
        await requestLeaves();
        if (!mounted.current || actorRef.current !== actor || actor.meta()?.route !== submittedAt) {
          if (mounted.current) setBusy(false);
          return;
        }
      }
      setBusy(false);
      if (!actor.send({ type: 'NEXT' })) {
        setPopup(COULD_NOT_PROCESS);
        return;
      }
      navigate(addressFor(actor.meta()?.route ?? ''));
    },
    [adapter, addressFor, busy, ensureActor, plan, step, store],
  );

  // Entry with parameters (spec 02 §2.1): the link's details and references pre-fill the
  // entry step once; when that makes it valid, it is submitted as if the visitor had pressed
  // its button, after the plan's pause.
  const [entering, setEntering] = useState(entryData !== undefined);
  const submitEntry = useEffectEvent((data: StepData) => {
    setEntering(false);
    void handleSubmit(data);
  });
  useEffect(() => {
    if (!entryData) return;
    const timer = setTimeout(() => submitEntry(entryData), plan.config.entry?.delayMs ?? 0);
    return () => clearTimeout(timer);
  }, [entryData, plan]);

  const closePopup = useCallback(() => setPopup(undefined), []);
  const closeNotice = useCallback(() => setNotice(undefined), []);
  // A field's draft reaches the application before its step goes (a Back link, an edit link).
  const goTo = useCallback(
    (route: string) => {
      commitDraftsNow();
      navigate(addressFor(route));
    },
    [addressFor],
  );

  /** Sends the machine an event and takes the visitor where its new state says. */
  const follow = useCallback(
    (type: 'NEXT' | 'BACK' | 'PAY_LATER' | 'RESUME'): boolean => {
      commitDraftsNow();
      const go = (actor: JourneyActor) => {
        if (!actor.send({ type }) && type !== 'RESUME') return false;
        const target = actor.meta();
        if (target?.proposalRoute !== undefined) {
          // The proposal page reads the application from session storage.
          store.flush();
          setBusy('leaving');
          window.location.assign(proposalUrl(config, target.proposalRoute));
        } else {
          navigate(addressFor(target?.route ?? ''));
        }
        return true;
      };
      if (actorRef.current) return go(actorRef.current);
      // Before the machine is here (a previous quote resumed from the first screen): once it is.
      setBusy('saving');
      void ensureActor().then(
        (actor) => {
          setBusy(false);
          if (!go(actor)) setPopup(COULD_NOT_PROCESS);
        },
        () => setBusy(false),
      );
      // Said before the machine answers: a move it then refuses is said in the popup.
      return true;
    },
    [addressFor, config, ensureActor, store],
  );

  /**
   * A saved application proved and fetched (resume popup, ?applicationNo=): it replaces
   * this tab's state and, after the spec's pause, the machine routes it by its stage (§4.2).
   */
  const resumeApplication = useCallback(
    (saved: Record<string, unknown>, access: { capability: string; version: number }) => {
      store.dispatch({ type: 'reset' });
      store.dispatch({ type: 'resume', data: saved });
      store.dispatch({
        type: 'updateMapping',
        data: { capability: access.capability, version: access.version },
      });
      setBusy('saving');
      setTimeout(() => {
        setBusy(false);
        follow('RESUME');
      }, RESUME_DELAY_MS);
    },
    [follow, store],
  );

  // Elements made once per change of what they show, so a keystroke in the step does not re-render them.
  const header = useMemo(
    () => (
      <JourneyHeader
        plan={plan}
        application={headerSession}
        kept={adapter.keptApplications}
        onResumed={resumeApplication}
      />
    ),
    [plan, headerSession, adapter.keptApplications, resumeApplication],
  );
  const panel = useMemo(
    () => step && Panel && <Panel stepId={step.id} plan={plan} store={store} goTo={goTo} follow={follow} />,
    [Panel, step, plan, store, goTo, follow],
  );

  return (
    <>
      {header}
      <div className="bf-journey">
        <SidePanel config={config} />
        <main className="bf-journey__main" id="main">
          {meta?.stepper && <Stepper steps={config.stepper} current={meta.stepper} />}
          {onLanding && LandingPanel && (
            <LandingPanel stepId="" plan={plan} store={store} goTo={goTo} follow={follow} />
          )}
          <section className="bf-card">
            {step ? (
              <FormGate readiness={stepReadiness}>
                {() => (
                  <StepForm
                    key={step.id}
                    step={step}
                    formData={formData}
                    validator={step.validator}
                    widgets={widgets}
                    templates={templates}
                    onChange={handleChange}
                    onSubmit={handleSubmit}
                    busy={busy !== false}
                    lookups={adapter.lookups}
                    submitLabel={submitLabel}
                  >
                    {panel}
                  </StepForm>
                )}
              </FormGate>
            ) : !running ? (
              // The machine is on its way to say which screen this path shows.
              <FormGate readiness={machineReadiness}>{() => null}</FormGate>
            ) : (
              <div role="status" className="bf-not-open">
                <h1 className="bf-step-title">Your application is saved</h1>
                <p>
                  This step of the online journey is not available yet.
                  {applicationNumber
                    ? ` Your Quote ID is ${applicationNumber}; you can come back to it from this device at any time.`
                    : ''}
                </p>
              </div>
            )}
          </section>
          {step?.definition.backTo !== undefined && (
            <button
              type="button"
              className="bf-link-button bf-back"
              onClick={() => goTo(step.definition.backTo!)}
            >
              ‹ Back<span className="bf-visually-hidden"> to the previous step</span>
            </button>
          )}
          {onLanding && content?.landing && laterCopy && (
            <Suspense fallback={null}>
              <LandingSections content={content.landing} />
            </Suspense>
          )}
        </main>
      </div>
      {onLanding && content?.productIdentification && (
        <section className="bf-product-id" aria-label="Product identification">
          <p>{content.productIdentification.text}</p>
        </section>
      )}
      {(busy || entering || leavingForProposal) && (
        <div className="bf-busy-overlay">
          <Loader
            label={
              busy === 'leaving' || leavingForProposal ? 'Taking you to the next page' : 'Saving your details'
            }
            facts={content?.loaderFacts ?? plan.config.brochure.benefits}
          />
        </div>
      )}
      {laterPartsAsked && (
        <Suspense fallback={null}>
          <JourneyHelp plan={plan} store={store} stepId={step?.id} />
        </Suspense>
      )}
      {popup && <ErrorPopup message={popup} onClose={closePopup} />}
      {notice && <ErrorPopup title="Your plan was updated" message={notice} onClose={closeNotice} />}
    </>
  );
}
