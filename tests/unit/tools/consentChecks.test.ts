import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, lines } from './planFolder.ts';

const UNTICKED =
  'a consent box starts unticked: the visitor ticks it (DPDP Act 2023 s.6, a clear affirmative action). Use "default": false';

/*
 * plans:validate refuses a consent box that starts ticked (docs/design/consents.md), wherever
 * a plan writes it: a box marked x-consent, or any checkbox of a form, in a step of its own.
 */
describe('plans:validate: consent boxes', () => {
  it('finds T54 as it is valid: every box starts unticked', () => {
    expect(lines(checkCopiedPlan(() => {})).filter((line) => line.includes('consent'))).toEqual([]);
  }, 60_000);

  it('refuses a plan that ticks the WhatsApp box for the visitor', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('steps/basic-details.schema.json', (schema) => {
        schema.properties.policyHolder.properties.whatsappDisclaimer.default = true;
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'plans/T54/steps/basic-details.schema.json',
        where: '/properties/policyHolder/properties/whatsappDisclaimer/default',
        message: UNTICKED,
      }),
    );
  }, 60_000);

  it('refuses a ticked checkbox with no x-consent too, but not a yes/no drawn otherwise', () => {
    const newsletter = { type: 'boolean', title: 'Send me the newsletter', default: true };
    const where = '/properties/policyHolder/properties/newsletter/default';
    for (const widget of [undefined, 'DisclaimerWidget']) {
      const problems = checkCopiedPlan((plan) => {
        plan.edit('steps/basic-details.schema.json', (schema) => {
          schema.properties.policyHolder.properties.newsletter = newsletter;
        });
        if (widget)
          plan.edit(
            'steps/basic-details.ui.json',
            (ui) => (ui.policyHolder.newsletter = { 'ui:widget': widget }),
          );
      });
      expect(problems).toContainEqual(expect.objectContaining({ where, message: UNTICKED }));
    }
    const radio = checkCopiedPlan((plan) => {
      plan.edit('steps/basic-details.schema.json', (schema) => {
        schema.properties.policyHolder.properties.newsletter = newsletter;
      });
      plan.edit(
        'steps/basic-details.ui.json',
        (ui) => (ui.policyHolder.newsletter = { 'ui:widget': 'RadioCardsWidget' }),
      );
    });
    expect(radio.filter((p) => p.where === where)).toEqual([]);
  }, 60_000);

  it('refuses a consent that is not a boolean, or has no wording to record', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('steps/basic-details.schema.json', (schema) => {
        schema.properties.policyHolder.properties.smsUpdates = { type: 'string', 'x-consent': 'sms' };
      }),
    );
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /smsUpdates\/x-consent: a consent \("sms"\) is a boolean the visitor ticks; this field is not one$/,
        ),
        expect.stringMatching(
          /smsUpdates\/title: the consent "sms" needs its wording as the title: the server records its version$/,
        ),
      ]),
    );
  }, 60_000);
});
