import { createActor, transition } from 'xstate';
import type { ApplicationState } from '../state/applicationState.ts';
import { activeMeta, createJourneyMachine, type MachineExtras } from './createJourneyMachine.ts';
import { changedForMachine, machineReads } from './guardReads.ts';
import type { JourneyEvent, JourneyStateMeta } from './journeyTypes.ts';

/*
 * The journey's running machine, behind the few questions the journey asks of it. XState comes
 * with this module, in a chunk of its own: a new visitor's first step is the machine's initial
 * state, known from machine.json alone (initialMeta in src/app/journey/journeyRoutes.ts), so the journey starts the machine
 * once the visitor first uses the page, not before the first field (issue 21).
 */

export interface JourneyActor {
  /** What the current state says about the screen. */
  meta(): JourneyStateMeta | undefined;
  /** Sends an event; whether the machine's state changed. */
  send(event: Exclude<JourneyEvent, { type: 'APPLICATION.UPDATED' }>): boolean;
  /** Where NEXT would lead from here, without going (undefined where it would stay). */
  metaAfterNext(): JourneyStateMeta | undefined;
  /** Tells the machine of a change of the application, where its guards read (a keystroke in a name does not reach it). */
  update(application: ApplicationState): void;
  /** Called after every change of the machine's state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

export function startJourneyActor(
  plan: { machine: Record<string, unknown>; matchesSchema?: MachineExtras['matchesSchema'] },
  extras: MachineExtras | undefined,
  application: ApplicationState,
): JourneyActor {
  const machine = createJourneyMachine(plan.machine, { ...extras, matchesSchema: plan.matchesSchema });
  const reads = machineReads(plan.machine, extras);
  const actor = createActor(machine, { input: { application } });
  actor.start();
  return {
    meta: () => activeMeta(actor.getSnapshot()),
    send(event) {
      const before = actor.getSnapshot().value;
      actor.send(event);
      return actor.getSnapshot().value !== before;
    },
    metaAfterNext() {
      const now = actor.getSnapshot();
      const [ahead] = transition(machine, now, { type: 'NEXT' });
      return ahead.value !== now.value ? activeMeta(ahead) : undefined;
    },
    update(next) {
      if (changedForMachine(reads, actor.getSnapshot().context.application, next))
        actor.send({ type: 'APPLICATION.UPDATED', application: next });
    },
    subscribe(listener) {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    stop: () => actor.stop(),
  };
}
