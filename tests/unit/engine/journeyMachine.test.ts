import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { activeMeta, createJourneyMachine } from '../../../engine/machine/createJourneyMachine.ts';
import { initialApplicationState, type ApplicationState } from '../../../engine/state/applicationState.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';

const machineConfig = {
  id: 'test',
  initial: 'first',
  on: {
    'APPLICATION.UPDATED': { actions: { type: 'syncApplication' } },
    NAVIGATE: [
      { guard: { type: 'routeIs', params: { route: '' } }, target: '.first' },
      {
        guard: {
          type: 'allOf',
          params: { guards: [{ type: 'routeIs', params: { route: 'second' } }, 'hasApplicationNumber'] },
        },
        target: '.second',
      },
      { target: '.first' },
    ],
  },
  states: {
    first: { meta: { route: '' }, on: { NEXT: { guard: 'hasApplicationNumber', target: 'second' } } },
    second: {
      meta: { route: 'second' },
      on: {
        NEXT: [
          { guard: { type: 'payModeIs', params: { mode: 'BASBA' } }, target: 'basba' },
          {
            guard: {
              type: 'not',
              params: {
                guard: {
                  type: 'matchesSchema',
                  params: { scope: '/bankDetails/primary', schema: { type: 'object', minProperties: 1 } },
                },
              },
            },
            target: 'review',
          },
          { target: 'bank' },
        ],
      },
    },
    basba: { meta: { route: 'basba' } },
    review: { meta: { route: 'review' } },
    bank: { meta: { route: 'bank' } },
  },
};

function start(application: ApplicationState = initialApplicationState()) {
  return createActor(
    createJourneyMachine(machineConfig, { matchesSchema: compilingValidators.matchesSchema }),
    { input: { application } },
  ).start();
}

describe('journey machine runner', () => {
  it('keeps a visitor without an application number on the first screen', () => {
    const actor = start();
    actor.send({ type: 'NAVIGATE', route: 'second' });
    expect(activeMeta(actor.getSnapshot())?.route).toBe('');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('first');
  });

  it('lets the application state open the route through APPLICATION.UPDATED', () => {
    const actor = start();
    actor.send({
      type: 'APPLICATION.UPDATED',
      application: { ...initialApplicationState(), applicationNumber: '7000000001' },
    });
    actor.send({ type: 'NAVIGATE', route: 'second' });
    expect(actor.getSnapshot().value).toBe('second');
    actor.send({ type: 'NAVIGATE', route: 'nowhere' });
    expect(actor.getSnapshot().value).toBe('first');
  });

  it('evaluates named guards with params and combinators in order', () => {
    const base = { ...initialApplicationState(), applicationNumber: '7000000001' };
    const go = (application: ApplicationState) => {
      const actor = start(application);
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      return actor.getSnapshot().value;
    };
    expect(go({ ...base, paymentDetails: { payMode: 'BASBA' } })).toBe('basba');
    expect(go({ ...base, paymentDetails: { payMode: 'Online' } })).toBe('review');
    expect(go({ ...base, bankDetails: { primary: { ifsc: 'SBIN0000001' } } })).toBe('bank');
  });

  it('accepts plan-specific guards from the adapter', () => {
    const machine = createJourneyMachine(
      { id: 'x', initial: 'a', states: { a: { on: { NEXT: { guard: 'custom', target: 'b' } } }, b: {} } },
      { guards: { custom: () => true } },
    );
    const actor = createActor(machine, { input: { application: initialApplicationState() } }).start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('b');
  });

  it("runs the T54 route guard: only '/' without an application number, every route with one", () => {
    const config = readPlanFiles('T54')['machine.json'] as Record<string, unknown>;
    const routes = [
      'plan-details',
      'additional-details',
      'review-details',
      'make-payment',
      'suitability-matrix',
      'recommend-product',
    ];
    const without = createActor(
      createJourneyMachine(config, { matchesSchema: compilingValidators.matchesSchema }),
      {
        input: { application: initialApplicationState() },
      },
    ).start();
    for (const route of routes) {
      without.send({ type: 'NAVIGATE', route });
      expect(activeMeta(without.getSnapshot())?.route).toBe('');
    }
    const withNumber = createActor(
      createJourneyMachine(config, { matchesSchema: compilingValidators.matchesSchema }),
      {
        input: { application: { ...initialApplicationState(), applicationNumber: '7000000001' } },
      },
    ).start();
    for (const route of routes) {
      withNumber.send({ type: 'NAVIGATE', route });
      expect(activeMeta(withNumber.getSnapshot())?.route).toBe(route);
    }
    withNumber.send({ type: 'NAVIGATE', route: 'unknown' });
    expect(activeMeta(withNumber.getSnapshot())?.route).toBe('');
  });
});
