import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { activeMeta, createJourneyMachine } from '../../../engine/machine/createJourneyMachine.ts';
import { initialApplicationState, type ApplicationState } from '../../../engine/state/applicationState.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';

/*
 * Spec 02 §4.2: after a resume the T54 machine (machine.json, data) sends the visitor by
 * userStage. Each row of the table is one case; a journey route is `route`, a proposal
 * page route is `proposal`.
 */

const config = readPlanFiles('T54')['machine.json'] as Record<string, unknown>;

function resumed(saved: Record<string, unknown>) {
  const application = {
    ...initialApplicationState(),
    applicationNumber: '7000000001',
    basicDetails: { policyHolder: { fullName: 'Asha Rao', buyFor: 'Myself' }, insuredPerson: {} },
    ...saved,
  } as ApplicationState;
  const actor = createActor(
    createJourneyMachine(config, { matchesSchema: compilingValidators.matchesSchema }),
    { input: { application } },
  ).start();
  actor.send({ type: 'RESUME' });
  const meta = activeMeta(actor.getSnapshot());
  return meta?.proposalRoute !== undefined ? { proposal: meta.proposalRoute } : { route: meta?.route };
}

const notMyself = { policyHolder: { fullName: 'Asha Rao', buyFor: 'Joint Life' }, insuredPerson: {} };

const ROWS: Array<[string, Record<string, unknown>, { route?: string; proposal?: string }]> = [
  ['basic-details', { userStage: 'basic-details' }, { route: '' }],
  ['plan-details', { userStage: 'plan-details' }, { route: 'plan-details' }],
  [
    'payment-details, BASBA initiated',
    { userStage: 'payment-details', paymentDetails: { payMode: 'BASBA', basbastatus: 'initiated' } },
    { proposal: 'payment-success' },
  ],
  [
    'emandate-details, BASBA success',
    { userStage: 'emandate-details', paymentDetails: { payMode: 'BASBA', basbastatus: 'success' } },
    { proposal: 'payment-success' },
  ],
  [
    'payment-details, BASBA without a mandate',
    { userStage: 'payment-details', paymentDetails: { payMode: 'BASBA', status: 'success' } },
    { route: 'review-details' },
  ],
  [
    'payment-details, online success',
    { userStage: 'payment-details', paymentDetails: { payMode: 'Online', status: 'success' } },
    { proposal: 'payment-success' },
  ],
  [
    'payment-details, online failure with bank details',
    {
      userStage: 'payment-details',
      paymentDetails: { payMode: 'Online', status: 'failure' },
      bankDetails: { primary: { accountNumber: '1234567890' } },
    },
    { proposal: '' },
  ],
  [
    'payment-details, online failure without bank details',
    { userStage: 'payment-details', paymentDetails: { payMode: 'Online', status: 'failure' } },
    { route: 'review-details' },
  ],
  [
    'emandate-details, pay later with empty bank details',
    {
      userStage: 'emandate-details',
      paymentDetails: { payMode: 'Online', status: 'failure', payLater: true },
      bankDetails: { primary: {} },
    },
    { route: 'review-details' },
  ],
  [
    'personal-details with an address',
    { userStage: 'personal-details', personalDetails: { primary: { addressline1: '12 MG Road' } } },
    { proposal: 'personal-details/basic' },
  ],
  [
    'personal-details without an address',
    { userStage: 'personal-details', personalDetails: { primary: { pincode: '110001' } } },
    { route: 'additional-details' },
  ],
  ['journey-details', { userStage: 'journey-details' }, { proposal: 'personal-details/basic' }],
  ['employment-details', { userStage: 'employment-details' }, { proposal: 'personal-details/employment' }],
  ['pd-nominee-details', { userStage: 'pd-nominee-details' }, { proposal: 'personal-details/nominee' }],
  ['other-policy-details', { userStage: 'other-policy-details' }, { proposal: 'bank-details/' }],
  ['bank-details', { userStage: 'bank-details' }, { proposal: 'bank-details/sub-bank-details' }],
  ['fatca-details', { userStage: 'fatca-details' }, { proposal: 'bank-details/fatca-details' }],
  ['document, buyer Myself', { userStage: 'document' }, { proposal: 'thank-you' }],
  [
    'document, buyer never chosen (Myself by default)',
    { userStage: 'document', basicDetails: { policyHolder: { fullName: 'Asha Rao' }, insuredPerson: {} } },
    { proposal: 'thank-you' },
  ],
  [
    'document, not Myself, both submitted',
    {
      userStage: 'document',
      basicDetails: notMyself,
      document: { primary: { submitted: true }, secondary: { submitted: true } },
    },
    { proposal: 'thank-you' },
  ],
  [
    'document, not Myself, secondary missing',
    { userStage: 'document', basicDetails: notMyself, document: { primary: { submitted: true } } },
    { proposal: 'review-upload-doc/upload-doc?type=secondary' },
  ],
  ['an unknown stage', { userStage: 'somewhere-else' }, { route: '' }],
  ['no stage', {}, { route: '' }],
];

describe('T54 resume routing (spec 02 §4.2)', () => {
  it.each(ROWS)('%s', (_name, saved, expected) => {
    expect(resumed(saved)).toEqual(expected);
  });

  it('pay later goes to payment-success on the proposal page', () => {
    // Make-payment opens once additional details are saved and the terms accepted on review.
    const application = {
      ...initialApplicationState(),
      applicationNumber: '7000000001',
      userStage: 'personal-details',
      reviewDetails: { termsAccepted: true },
    };
    const actor = createActor(
      createJourneyMachine(config, { matchesSchema: compilingValidators.matchesSchema }),
      { input: { application } },
    ).start();
    actor.send({ type: 'NAVIGATE', route: 'make-payment' });
    expect(activeMeta(actor.getSnapshot())?.step).toBe('make-payment');
    actor.send({ type: 'PAY_LATER' });
    expect(activeMeta(actor.getSnapshot())?.proposalRoute).toBe('payment-success');
  });
});
