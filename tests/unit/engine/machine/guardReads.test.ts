import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createJourneyMachine } from '../../../../engine/machine/createJourneyMachine.ts';
import { GENERIC_GUARD_NAMES } from '../../../../engine/machine/guards.ts';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import {
  changedForMachine,
  GENERIC_GUARD_READS,
  machineReads,
} from '../../../../engine/machine/guardReads.ts';
import {
  applicationReducer,
  initialApplicationState,
  type ApplicationState,
} from '../../../../engine/state/applicationState.ts';
import { readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';

const set = (state: ApplicationState, pointer: string, value: unknown) =>
  applicationReducer(state, { type: 'setAt', pointer, value });

const t54Machine = (() => {
  const files = readPlanFiles('T54');
  const config = files['plan.json'] as { machine: string };
  return files[config.machine] as Record<string, unknown>;
})();

describe('what a journey machine reads of the application', () => {
  it('declares what every generic guard reads', () => {
    expect(Object.keys(GENERIC_GUARD_READS).sort()).toEqual([...GENERIC_GUARD_NAMES].sort());
  });

  it("finds the T54 machine's reads in its guards, not the fields no guard looks at", () => {
    const reads = machineReads(t54Machine);
    expect(reads).toEqual(
      expect.arrayContaining([
        '/applicationNumber',
        '/userStage',
        '/paymentDetails/payMode',
        '/basicDetails/policyHolder/buyFor',
        '/document/primary/submitted',
      ]),
    );
    expect(reads).not.toContain('');
    const start = initialApplicationState();
    const typed = set(start, '/basicDetails/policyHolder/fullName', 'Asha');
    expect(changedForMachine(reads, start, typed)).toBe(false);
    expect(changedForMachine(reads, typed, set(typed, '/planDetails/investmentAmount', '60,000'))).toBe(
      false,
    );
    expect(changedForMachine(reads, typed, set(typed, '/basicDetails/policyHolder/buyFor', 'Spouse'))).toBe(
      true,
    );
    expect(changedForMachine(reads, typed, set(typed, '/applicationNumber', 'AB12'))).toBe(true);
  });

  it('takes a guard or action it does not know as reading the whole application', () => {
    const guarded = {
      initial: 'a',
      states: {
        a: { on: { NEXT: { guard: { type: 'planRule', params: { x: 1 } }, target: 'b' } } },
        b: { on: { NEXT: { guard: { type: 'matchesSchema', params: { schema: {} } }, target: 'a' } } },
      },
    };
    expect(machineReads(guarded, { guards: { planRule: () => true } })).toEqual(['']);
    expect(
      machineReads(guarded, {
        guards: { planRule: () => true },
        reads: { planRule: () => ['/planDetails/planOption'] },
      }),
    ).toEqual(['/planDetails/planOption', '']);
    const acting = { initial: 'a', states: { a: { entry: { type: 'planAction' } } } };
    expect(machineReads(acting)).toEqual(['']);
    const all = machineReads(guarded, { guards: { planRule: () => true } });
    const start = initialApplicationState();
    expect(changedForMachine(all, start, set(start, '/basicDetails/policyHolder/fullName', 'A'))).toBe(true);
  });

  it('decides as it would with every change when it hears only of those it reads', () => {
    const reads = machineReads(t54Machine);
    // The machine's conditions (a paid application's routes) are checked with ajv, as in Node.
    const guards = { matchesSchema: compilingValidators.matchesSchema };
    const everything = createActor(createJourneyMachine(t54Machine, guards), {
      input: { application: initialApplicationState() },
    }).start();
    const filtered = createActor(createJourneyMachine(t54Machine, guards), {
      input: { application: initialApplicationState() },
    }).start();
    let state = initialApplicationState();
    const change = (pointer: string, value: unknown) => {
      const next = set(state, pointer, value);
      everything.send({ type: 'APPLICATION.UPDATED', application: next });
      if (changedForMachine(reads, filtered.getSnapshot().context.application, next))
        filtered.send({ type: 'APPLICATION.UPDATED', application: next });
      state = next;
    };
    for (const route of ['plan-details', '']) {
      change('/basicDetails/policyHolder/fullName', 'Asha Rani');
      change('/basicDetails/policyHolder/buyFor', 'Myself');
      change('/applicationNumber', 'AB12');
      change('/planDetails/investmentAmount', '60,000');
      for (const actor of [everything, filtered]) actor.send({ type: 'NAVIGATE', route });
      expect(filtered.getSnapshot().value).toEqual(everything.getSnapshot().value);
      for (const actor of [everything, filtered]) actor.send({ type: 'NEXT' });
      expect(filtered.getSnapshot().value).toEqual(everything.getSnapshot().value);
    }
  });
});
