import { describe, expect, it } from 'vitest';
import { serverPlans } from '../../../src/server/plans/serverPlans.ts';
import { consentVersion, planConsents, shownConsentVersions } from '../../../src/shared/consents.ts';
import { consentChanges } from '../../../src/server/consents/consentChanges.ts';

/*
 * Every plan asks the same three consents (docs/design/consents.md), from one home
 * (schemas/common/steps/basic-details.schema.json): disclaimer 1 for this application,
 * required; WhatsApp updates and other products, optional; every box unticked until ticked.
 */
describe('the consents of every plan', () => {
  const plans = [...serverPlans().values()];

  it.each(plans.map((plan) => [plan.config.productId, plan] as const))(
    '%s asks them, each unticked',
    (_, plan) => {
      const consents = planConsents(plan);
      expect(Object.fromEntries(consents.map((c) => [c.kind, [c.field, c.required]]))).toEqual({
        contact: ['disclamer1', true],
        whatsapp: ['whatsappDisclaimer', false],
        marketing: ['marketingConsent', false],
      });
      const step = Object.values(plan.steps).find((s) => s.definition.bind.policyHolder)!;
      const holder = (
        step.schema.properties as Record<string, { properties: Record<string, { default?: unknown }> }>
      ).policyHolder!.properties;
      for (const consent of consents) expect(holder[consent.field]!.default).toBe(false);
      for (const consent of consents) expect(consent.version).toBe(consentVersion(consent.wording));
    },
  );

  it('keeps the required authorisation to this application; other products are a box of their own', () => {
    const consents = Object.fromEntries(planConsents(plans[0]!).map((c) => [c.kind, c.wording]));
    expect(consents.contact).toMatch(/about this application/);
    expect(consents.contact).not.toMatch(/other products/);
    expect(consents.marketing).toMatch(/other products/);
  });

  it('versions a wording by its exact text', () => {
    expect(consentVersion('Send me updates about my application on WhatsApp.')).toMatch(/^[0-9a-f]{16}$/);
    expect(consentVersion('Send me updates about my application on WhatsApp.')).not.toBe(
      consentVersion('Send me updates about my application on WhatsApp'),
    );
  });
});

describe('consentChanges', () => {
  const plan = serverPlans().get('T54')!;
  const shown = shownConsentVersions(plan);
  const patch = (holder: Record<string, unknown>) => ({ basicDetails: { policyHolder: holder } });
  const inForce = new Map([
    ['contact', { granted: true, version: shown.contact!, recordedAt: '' }],
    ['whatsapp', { granted: true, version: shown.whatsapp!, recordedAt: '' }],
    ['marketing', { granted: false, version: shown.marketing!, recordedAt: '' }],
  ]);

  it('on create records every box, an absent one as not given', () => {
    const { rows, refusal } = consentChanges(plan, patch({ disclamer1: true }), shown, undefined);
    expect(refusal).toBeUndefined();
    expect(rows.map((r) => [r.kind, r.granted])).toEqual([
      ['contact', true],
      ['whatsapp', false],
      ['marketing', false],
    ]);
  });

  it('later records only a box sent that says otherwise; a box not sent changes nothing', () => {
    const { rows } = consentChanges(
      plan,
      patch({ disclamer1: true, whatsappDisclaimer: false }),
      {},
      inForce,
    );
    expect(rows.map((r) => [r.kind, r.granted])).toEqual([['whatsapp', false]]);
    expect(consentChanges(plan, patch({ disclamer1: true }), {}, inForce).rows).toEqual([]);
  });

  it('refuses a box ticked to a wording other than the plan’s, naming its field', () => {
    const { refusal } = consentChanges(
      plan,
      patch({ marketingConsent: true }),
      { marketing: 'stale' },
      inForce,
    );
    expect(refusal?.statusCode).toBe(422);
    expect(refusal?.errors).toEqual([
      {
        field: 'basicDetails.policyHolder.marketingConsent',
        message: expect.stringMatching(/^We have updated/),
      },
    ]);
  });
});
