import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPaidPayment, opensProposal, premiumIsReceived } from '../../../src/shared/paymentStage.ts';

/*
 * One rule for what a payment has reached (src/shared/paymentStage.ts), which the server and the
 * proposal page both call; the journey's machine says "paid" in its own terms (a condition of
 * schemas/common/machine.json), and must say the same of every payment.
 */

const CASES: Array<[unknown, { paid: boolean; open: boolean; received: boolean }]> = [
  [undefined, { paid: false, open: false, received: false }],
  [{}, { paid: false, open: false, received: false }],
  [
    { payMode: 'Online', status: 'initiated' },
    { paid: false, open: false, received: false },
  ],
  [
    { payMode: 'Online', status: 'success' },
    { paid: true, open: true, received: true },
  ],
  [
    { payMode: 'Online', status: 'failure' },
    { paid: false, open: false, received: false },
  ],
  [
    { payMode: 'Online', status: 'failure', payLater: true },
    { paid: false, open: true, received: false },
  ],
  [{ payLater: true }, { paid: false, open: true, received: false }],
  [
    { payMode: 'BimaASBA', status: 'pending', basbastatus: 'initiated' },
    { paid: true, open: true, received: false },
  ],
  [
    { payMode: 'BimaASBA', status: 'success', basbastatus: 'success' },
    { paid: true, open: true, received: true },
  ],
  [
    { payMode: 'BimaASBA', status: 'pending' },
    { paid: false, open: false, received: false },
  ],
  [
    { payMode: 'BimaASBA', status: 'failure', basbastatus: 'initiated' },
    { paid: false, open: false, received: false },
  ],
];

describe('what a payment has reached', () => {
  it.each(CASES)('%j', (details, expected) => {
    expect({
      paid: isPaidPayment(details),
      open: opensProposal(details),
      received: premiumIsReceived(details),
    }).toEqual(expected);
  });

  it("is what the journey's machine calls paid when it sends every route to payment-success", () => {
    const machine = JSON.parse(
      readFileSync(new URL('../../../schemas/common/machine.json', import.meta.url), 'utf8'),
    );
    const paid = (
      machine.on.NAVIGATE as Array<{ target: string; guard: { params: { scope: string; schema: object } } }>
    ).find((transition) => transition.target === '.paymentSuccess')!.guard.params;
    expect(paid.scope).toBe('/paymentDetails');
    const matches = new Ajv({ strict: false }).compile(paid.schema);
    for (const [details] of CASES) {
      const machineSaysPaid = matches(details);
      expect([details, machineSaysPaid]).toEqual([details, isPaidPayment(details)]);
    }
  });
});
