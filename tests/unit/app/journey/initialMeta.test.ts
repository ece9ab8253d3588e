import { describe, expect, it } from 'vitest';
import { initialMeta } from '../../../../src/app/journey/journeyRoutes.ts';
import { createJourneyMachine, activeMeta } from '../../../../engine/machine/createJourneyMachine.ts';
import { createActor } from 'xstate';
import { loadPlans } from '../../../e2e/planDriver/planCases.ts';

/*
 * Issue 21: a new visitor's first step is the machine's initial state, read off machine.json
 * without XState, so the journey draws it before the machine (a chunk of its own) is here. It
 * must be the very screen the machine starts on, for every plan; where the initial state could
 * move on by itself, the journey waits for the machine instead.
 */
describe("the first step read off a plan's machine.json", () => {
  it.each(loadPlans().map((plan) => [plan.config.planCode, plan] as const))(
    'is the screen the machine starts on (%s)',
    (_code, plan) => {
      const actor = createActor(createJourneyMachine(plan.machine, { matchesSchema: plan.matchesSchema }), {
        input: { application: {} as never },
      });
      actor.start();
      const started = activeMeta(actor.getSnapshot());
      actor.stop();
      expect(initialMeta(plan)).toEqual(started);
      expect(initialMeta(plan)?.step).toBeTypeOf('string');
    },
  );

  it('is none where the initial state moves on by itself or is not a screen', () => {
    const meta = { route: '', step: 'basic-details' };
    expect(initialMeta({ machine: { initial: 'a', states: { a: { meta } } } })).toEqual(meta);
    expect(initialMeta({ machine: { initial: 'a', states: { a: { meta, always: { target: 'b' } } } } })).toBe(
      undefined,
    );
    expect(initialMeta({ machine: { initial: 'a', states: { a: { meta, initial: 'x' } } } })).toBe(undefined);
    expect(initialMeta({ machine: { initial: 'a', states: { a: { meta: { route: 'x' } } } } })).toBe(
      undefined,
    );
    expect(initialMeta({ machine: { states: {} } })).toBe(undefined);
  });
});
