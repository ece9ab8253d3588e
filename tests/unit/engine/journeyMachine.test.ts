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

  it("runs the T54 route guard: only '/' without an application number; with one, each step once the steps before it are done", () => {
    const config = readPlanFiles('T54')['machine.json'] as Record<string, unknown>;
    const routes = [
      'plan-details',
      'additional-details',
      'review-details',
      'make-payment',
      'suitability-matrix',
      'recommend-product',
    ];
    const actorFor = (application: Record<string, unknown>) =>
      createActor(createJourneyMachine(config, { matchesSchema: compilingValidators.matchesSchema }), {
        input: { application: { ...initialApplicationState(), ...application } },
      }).start();
    const routeAfter = (actor: ReturnType<typeof actorFor>, route: string) => {
      actor.send({ type: 'NAVIGATE', route });
      return activeMeta(actor.getSnapshot())?.route;
    };
    const without = actorFor({});
    for (const route of routes) expect(routeAfter(without, route)).toBe('');

    // After basic details alone: plan details opens; a later step goes to the furthest one open.
    const created = actorFor({ applicationNumber: '7000000001', userStage: 'basic-details' });
    expect(routeAfter(created, 'plan-details')).toBe('plan-details');
    expect(routeAfter(created, 'additional-details')).toBe('plan-details');
    expect(routeAfter(created, 'make-payment')).toBe('plan-details');
    expect(routeAfter(created, 'suitability-matrix')).toBe('suitability-matrix');

    // Additional details saved: review opens; make-payment only once the terms are accepted.
    const reviewed = actorFor({ applicationNumber: '7000000001', userStage: 'personal-details' });
    expect(routeAfter(reviewed, 'additional-details')).toBe('additional-details');
    expect(routeAfter(reviewed, 'review-details')).toBe('review-details');
    expect(routeAfter(reviewed, 'make-payment')).toBe('review-details');
    const accepted = actorFor({
      applicationNumber: '7000000001',
      userStage: 'personal-details',
      reviewDetails: { termsAccepted: true },
    });
    for (const route of routes) expect(routeAfter(accepted, route)).toBe(route);
    expect(routeAfter(accepted, 'unknown')).toBe('');

    // Paid: no journey form opens; every route goes to the proposal page's payment-success.
    const paid = actorFor({
      applicationNumber: '7000000001',
      userStage: 'payment-details',
      paymentDetails: { status: 'success' },
    });
    for (const route of ['', ...routes]) {
      paid.send({ type: 'NAVIGATE', route });
      expect(activeMeta(paid.getSnapshot())?.proposalRoute).toBe('payment-success');
    }
  });
});
