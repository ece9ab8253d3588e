import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, lines } from './planFolder.ts';

/*
 * plans:validate checks every name plan JSON gives to code against its registry, and every
 * stage name against schemas/common/application.schema.json; each message names the file,
 * the place, the unknown name and the names there are.
 */
describe('plans:validate names', () => {
  it('finds the copied T54 folder valid (so each test below breaks exactly one thing)', () => {
    expect(checkCopiedPlan(() => {})).toEqual([]);
  });

  it('fails a stageIs guard naming a stage that does not exist, and a submit saving one', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('machine.json', (machine) => {
        machine.on.RESUME = [
          { target: '.planDetails', guard: { type: 'stageIs', params: { stage: 'plan-detail' } } },
        ];
      });
      plan.edit('plan.json', (config) => {
        const step = config.steps['plan-details'];
        step.submit = { ...step.submit, stage: 'plans' };
      });
    });
    const messages = lines(problems);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^plans\/T54\/machine\.json \/on\/RESUME\/0\/guard: guard stageIs names the stage "plan-detail", which is not a stage \(did you mean "plan-details"\?\); the stages are basic-details, plan-details, investment-details, personal-details, .*, payment-details and document \(schemas\/common\/application\.schema\.json\)$/,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        'plans/T54/plan.json /steps/plan-details/submit/stage: saves the stage "plans", which is not a stage; the stages are',
      ),
    );
  });

  it('fails a stage list given as an array with one unknown stage', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('machine.json', (machine) => {
        machine.on.RESUME = [
          {
            target: '.basicDetails',
            guard: { type: 'stageIs', params: { stage: ['basic-details', 'bank_details'] } },
          },
        ];
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(
      'guard stageIs names the stage "bank_details", which is not a stage',
    );
  });

  it('fails guard and action names no registry has, listing the known ones', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('machine.json', (machine) => {
        machine.states.basicDetails = { on: { NEXT: { guard: 'isWednesday', target: 'planDetails' } } };
        machine.states.planDetails = { entry: { type: 'sendConfetti' } };
      }),
    );
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^plans\/T54\/machine\.json \/states\/basicDetails\/on\/NEXT\/guard: guard "isWednesday" is not a known guard; known guards: allOf, anyOf, .*stageIs.* \(engine\/machine\/guards\.ts/,
        ),
        expect.stringMatching(
          /^plans\/T54\/machine\.json \/states\/planDetails\/entry: action "sendConfetti" is not a known action; known actions: syncApplication/,
        ),
      ]),
    );
  });

  it('fails widget, field and lookup names of a uiSchema', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/basic-details.ui.json', (ui) => {
        ui.policyHolder.dateOfBirth['ui:widget'] = 'DateWithAgeWidgt';
        ui.policyHolder.gender['ui:field'] = 'GenderField';
      });
      // T54's additional details build on the shared ones: its own change names the lookup.
      plan.edit('steps/additional-details.ui.json', (ui) => {
        ui.personalDetails.pincode = { 'ui:options': { lookup: { name: 'pinCode' } } };
      });
    });
    expect(problems).toHaveLength(3);
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^plans\/T54\/steps\/basic-details\.ui\.json \/policyHolder\/dateOfBirth\/ui:widget: widget "DateWithAgeWidgt" is not a known widget \(did you mean "DateWithAgeWidget"\?\); known widgets: .*DateWithAgeWidget.* \(widgets\/registry\.ts\)$/,
        ),
        expect.stringMatching(
          /^plans\/T54\/steps\/basic-details\.ui\.json \/policyHolder\/gender\/ui:field: field "GenderField" is not a known field( \(did you mean "\w+"\?\))?; known fields: .*StringField/,
        ),
        'plans/T54/steps/additional-details.ui.json /personalDetails/pincode/ui:options/lookup/name: lookup "pinCode" is not a known lookup (did you mean "pincode"?); known lookups: ifsc and pincode (src/journey/lookups.ts and src/app/proposal/proposalLookups.ts)',
      ]),
    );
  });

  it('fails panel and calculator names of plan.json', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('plan.json', (config) => {
        config.steps['plan-details'].panels[0].type = 'holderSumary';
        config.landingPanel.type = 'previousQuote';
        config.calculator = 'deferedAnnuity';
      }),
    );
    const messages = lines(problems);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^plans\/T54\/plan\.json \/steps\/plan-details\/panels\/0\/type: panel "holderSumary" is not a known panel \(did you mean "holderSummary"\?\); known panels: .*holderSummary.* \(src\/journey\/panels\/registry\.tsx\)$/,
        ),
        expect.stringMatching(
          /^plans\/T54\/plan\.json \/landingPanel\/type: panel "previousQuote" is not a known panel \(did you mean "previousQuotes"\?\)/,
        ),
        expect.stringMatching(
          /^plans\/T54\/plan\.json \/calculator: calculator "deferedAnnuity" is not a known calculator \(did you mean "deferredAnnuity"\?\); known calculators: .*deferredAnnuity.* \(src\/pricing\/calculators\.ts\)$/,
        ),
      ]),
    );
  });

  it('fails a review row whose format the review does not know, listing the formats', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('plan.json', (config) => {
        config.steps['review-details'].panels[0].params.sections[0].rows[1].format = 'dates';
      }),
    );
    expect(lines(problems)).toEqual([
      expect.stringMatching(
        /^plans\/T54\/plan\.json \/steps\/review-details\/panels\/0\/params\/sections\/0\/rows\/1\/format: format "dates" is not a format the review knows \(did you mean "date"\?\); known formats: .*date.*split.* \(src\/journey\/formatValue\.ts\)$/,
      ),
    ]);
  });

  it('reports a plan folder it cannot read or that has no plan.json, and goes on', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.write('machine.json', '{ "id": "T54", ');
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'plans/T54/machine.json',
        message: expect.stringMatching(/^cannot be read: /),
      }),
    ]);
  });
});
