import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { activeMeta, createJourneyMachine } from '../../../engine/machine/createJourneyMachine.ts';
import { createApplicationStore, dataMappingKey } from '../../../engine/state/applicationStore.ts';
import { stepSubmitAction } from '../../../engine/state/stepActions.ts';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import { journeyBase } from '../planRegistry.ts';
import { navigate, usePathname } from '../usePathname.ts';
import { BrandBar } from '../BrandBar.tsx';
import { ErrorPopup } from './ErrorPopup.tsx';
import { SidePanel } from './SidePanel.tsx';
import { Stepper } from './Stepper.tsx';
import { createBoundSelector } from './boundData.ts';

/** Spec 02 §8: what the visitor sees when their details could not be taken forward. */
const COULD_NOT_PROCESS = 'Sorry we couldn’t process your details, please try again';

function routeOf(pathname: string, base: string): string {
  return pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
}

/**
 * One plan's journey: the application store (session storage), the plan's machine
 * deciding which screen a path shows, and the step form of that screen.
 */
export function Journey({ plan }: { plan: LoadedPlan }) {
  const { config } = plan;
  const base = journeyBase(config);
  const store = useMemo(
    () => createApplicationStore({ storage: window.sessionStorage, key: dataMappingKey(config.productId) }),
    [config.productId],
  );
  const application = useSyncExternalStore(store.subscribe, store.getState);
  const machine = useMemo(() => createJourneyMachine(plan.machine), [plan]);
  const actor = useActorRef(machine, { input: { application: store.getState() } });
  const meta = useSelector(actor, (snapshot) => activeMeta(snapshot));
  const pathname = usePathname();
  const [popup, setPopup] = useState<string>();

  useEffect(
    () => store.subscribe(() => actor.send({ type: 'APPLICATION.UPDATED', application: store.getState() })),
    [store, actor],
  );

  // The path asks; the machine decides. A path the visitor may not reach yet is replaced.
  useEffect(() => {
    actor.send({ type: 'NAVIGATE', route: routeOf(pathname, base) });
    const route = activeMeta(actor.getSnapshot())?.route ?? '';
    navigate(base + route, { replace: true });
    window.scrollTo?.(0, 0);
  }, [actor, base, pathname]);

  const step = meta?.step ? plan.steps[meta.step] : undefined;
  const bind = useMemo(() => step?.definition.bind ?? {}, [step]);
  const selectBound = useMemo(() => createBoundSelector(bind), [bind]);
  const formData = selectBound(application);

  const handleChange = useCallback(
    (data: StepData) => {
      for (const [field, pointer] of Object.entries(bind)) {
        store.dispatch({ type: 'setAt', pointer, value: data[field] });
      }
    },
    [bind, store],
  );

  const handleSubmit = useCallback(
    (data: StepData) => {
      if (!step) return;
      if (step.definition.onSubmit) store.dispatch(stepSubmitAction(step.definition.onSubmit, data));
      const before = actor.getSnapshot();
      actor.send({ type: 'NEXT' });
      const after = actor.getSnapshot();
      if (after.value === before.value) {
        setPopup(COULD_NOT_PROCESS);
        return;
      }
      navigate(base + (activeMeta(after)?.route ?? ''));
    },
    [actor, base, step, store],
  );

  const closePopup = useCallback(() => setPopup(undefined), []);

  return (
    <>
      <BrandBar>
        {application.applicationNumber && (
          <span className="bf-quote-id">
            Quote ID: <strong>{application.applicationNumber}</strong>
          </span>
        )}
      </BrandBar>
      <div className="bf-journey">
        <SidePanel config={config} />
        <main className="bf-journey__main" id="main">
          {meta?.stepper && <Stepper steps={config.stepper} current={meta.stepper} />}
          <section className="bf-card">
            {step ? (
              <StepForm
                step={step}
                formData={formData}
                validator={formValidator()}
                widgets={widgets}
                templates={templates}
                onChange={handleChange}
                onSubmit={handleSubmit}
              />
            ) : (
              <p role="status">
                This part of the journey is not open yet. Please continue from your basic details.
              </p>
            )}
          </section>
        </main>
      </div>
      {popup && <ErrorPopup message={popup} onClose={closePopup} />}
    </>
  );
}
