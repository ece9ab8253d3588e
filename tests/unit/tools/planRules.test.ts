import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, lines } from './planFolder.ts';

/*
 * One source per rule: a limit written in plan.json and repeated in a step schema, a
 * uiSchema rule or the pricing basis must be the same everywhere; each mismatch is one
 * error naming both places.
 */
describe('plans:validate one source per rule', () => {
  it('fails an age limit in plan.json that the step schemas and their messages do not repeat', () => {
    // Step schemas take their ages from plan.json ("{{ageLimits.proposer}}"); one written out
    // by hand and left behind when plan.json changes is caught.
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/basic-details.schema.json', (schema) => {
        const dateOfBirth = schema.properties.policyHolder.allOf[1].else.properties.dateOfBirth;
        dateOfBirth.ageRange = { min: 45, max: 80 };
        dateOfBirth.errorMessage.ageRange = 'Age should be between 45 and 80';
      });
      plan.edit('popups/resume.schema.json', (schema) => {
        schema.else = { properties: { dateOfBirth: { ageRange: { min: 45, max: 80 } } } };
      });
      plan.edit('plan.json', (config) => {
        config.ageLimits.proposer.max = 75;
      });
    });
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        'plans/T54/steps/basic-details.schema.json /properties/policyHolder/allOf/1/else/properties/dateOfBirth: the proposer’s date of birth (/basicDetails/policyHolder/dateOfBirth) allows ages 45 to 80 here, but plan.json /ageLimits/proposer says ages 45 to 75. Age limits are written once in plan.json; make this ageRange the same.',
        'plans/T54/steps/basic-details.schema.json /properties/policyHolder/allOf/1/else/properties/dateOfBirth/errorMessage: the message "Age should be between 45 and 80" quotes 80, but plan.json /ageLimits/proposer says ages 45 to 75',
        // The resume popup looks the holder up by date of birth: the same range.
        'plans/T54/popups/resume.schema.json /else/properties/dateOfBirth: the proposer’s date of birth ((lookup) dateOfBirth) allows ages 45 to 80 here, but plan.json /ageLimits/proposer says ages 45 to 75. Age limits are written once in plan.json; make this ageRange the same.',
      ]),
    );
  });

  it('fails an insured person’s range, minimum days or age gap that differs from plan.json', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('popups/joint-life.schema.json', (schema) => {
        schema.properties.insuredPerson.properties.dateOfBirth.ageRange.min = 40;
        schema.properties.insuredPerson.properties.dateOfBirth.ageDifference.maxYears = 20;
      });
      plan.edit('plan.json', (config) => {
        config.ageLimits.insured.minDays = 90;
      });
    });
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        'plans/T54/popups/joint-life.schema.json /properties/insuredPerson/properties/dateOfBirth: the insured’s date of birth (/basicDetails/insuredPerson/dateOfBirth) allows ages 40 to 80 here, but plan.json /ageLimits/insured says ages 45 to 80, and at least 90 days old. Age limits are written once in plan.json; make this ageRange the same.',
        'plans/T54/popups/joint-life.schema.json /properties/insuredPerson/properties/dateOfBirth/ageDifference: allows 20 years between the two lives, but plan.json /ageLimits/secondaryAgeDifference says 15',
      ]),
    );
  });

  it('fails an organisation’s range that differs from plan.json', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/basic-details.schema.json', (schema) => {
        schema.properties.policyHolder.allOf[1].then.properties.dateOfBirth.ageRange = { min: 0 };
      });
      plan.edit('plan.json', (config) => {
        config.ageLimits.organisation.min = 3;
      });
    });
    expect(lines(problems)).toContain(
      'plans/T54/steps/basic-details.schema.json /properties/policyHolder/allOf/1/then/properties/dateOfBirth: the organisation’s date of incorporation (/basicDetails/policyHolder/dateOfBirth) allows ages from 0, no maximum here, but plan.json /ageLimits/organisation says ages from 3, no maximum. Age limits are written once in plan.json; make this ageRange the same.',
    );
  });

  // The step schema and the basis take the minimums from plan.json ({{paymentFrequencies…}});
  // these write a copy of their own in them, as an analyst might.
  const minimums = (monthly: number) => ({
    minimumByFrequency: {
      minimums: { Yearly: 50000, 'Half Yearly': 25595, Quarterly: 12950, Monthly: monthly },
    },
  });

  it('fails a minimum premium in the step schema that differs from plan.json, and plan.json that differs from the basis', () => {
    const schemaSide = checkCopiedPlan((plan) =>
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties.planDetails.properties.investmentAmount = minimums(4000);
      }),
    );
    expect(lines(schemaSide)).toEqual([
      'plans/T54/steps/plan-details.schema.json /properties/planDetails/properties/investmentAmount/minimumByFrequency/minimums/Monthly: says the Monthly minimum is 4,000, but plan.json /paymentFrequencies/3/minimumPremium says 4,350. Make them the same.',
    ]);
    const basisSide = checkCopiedPlan((plan) =>
      plan.edit('pricing-basis.json', (basis) => {
        basis.premium.frequencies[1].minimumInstalment = 25000;
      }),
    );
    expect(lines(basisSide)).toEqual(
      expect.arrayContaining([
        'plans/T54/plan.json /paymentFrequencies/1/minimumPremium: is 25,595 for Half Yearly, but plans/T54/pricing-basis.json /premium/frequencies/1/minimumInstalment says 25,000. Make them the same.',
      ]),
    );
  });

  it('moves the step, the basis and the fixtures with a minimum premium changed in plan.json alone', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('plan.json', (config) => {
        config.paymentFrequencies[1].minimumPremium = 25000;
      }),
    );
    expect(lines(problems).filter((line) => /minimum|Half Yearly/i.test(line))).toEqual([]);
  });

  it('fails a maximum premium in the step schema that differs from the basis, or a message that does not quote it', () => {
    // The shared maximums are the basis's ({{basis.premium.frequencies…}}); the plan writes its own.
    const maximum = (frequency: string, amount: number, message: string) => ({
      if: { required: ['investmentFrequency'], properties: { investmentFrequency: { const: frequency } } },
      then: {
        properties: { investmentAmount: { maximumAmount: amount, errorMessage: { maximumAmount: message } } },
      },
    });
    const problems = checkCopiedPlan((plan) =>
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties.planDetails.allOf = [
          // Messages that quote the basis's maximum write it as the fact (factCopyChecks.ts).
          maximum(
            'Yearly',
            20000000,
            'Maximum Investment Amount is ₹ {{basis.premium.frequencies.Yearly.maximumInstalment|inr}}.',
          ),
          maximum(
            'Half Yearly',
            5119000,
            'Maximum Investment Amount is ₹ {{basis.premium.frequencies.Half Yearly.maximumInstalment|inr}}.',
          ),
          maximum(
            'Quarterly',
            2590000,
            'Maximum Investment Amount is ₹ {{basis.premium.frequencies.Quarterly.maximumInstalment|inr}}.',
          ),
          maximum('Monthly', 870000, 'Maximum Investment Amount is ₹ 9,00,000.'),
        ];
      }),
    );
    expect(lines(problems)).toEqual([
      expect.stringMatching(
        /^plans\/T54\/fixtures\/plan-details\.fixtures\.json .*"above the monthly maximum".*expected planDetails\.investmentAmount: "Maximum Investment Amount is ₹ 8,70,000\.", got "Maximum Investment Amount is ₹ 9,00,000\."$/,
      ),
      'plans/T54/steps/plan-details.schema.json /properties/planDetails/allOf/0/then/properties/investmentAmount/maximumAmount: says the Yearly maximum is 2,00,00,000, but plans/T54/pricing-basis.json /premium/frequencies/0/maximumInstalment says 1,00,00,000. Make them the same.',
      'plans/T54/steps/plan-details.schema.json /properties/planDetails/allOf/3/then/properties/investmentAmount/errorMessage/maximumAmount: the message "Maximum Investment Amount is ₹ 9,00,000." does not quote the Monthly maximum 8,70,000',
    ]);
  });

  it('fails a list of options without a type, which the form cannot show', () => {
    const problems = checkCopiedPlan(
      (plan) =>
        plan.edit('steps/plan-details.schema.json', (schema) => {
          delete schema.properties.planDetails.properties.premiumPayingTerm.type;
        }),
      'T64',
    );
    expect(lines(problems)).toContain(
      'plans/T64/steps/plan-details.schema.json /properties/planDetails/properties/premiumPayingTerm: offers options but has no "type", so the form cannot show it; add "type": ["string","integer"]',
    );
  });

  it('fails a help text that quotes a minimum plan.json does not have', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('steps/plan-details.ui.json', (ui) => {
        ui.planDetails.investmentAmount['ui:help'] =
          'Minimum 45,000 a year ({{paymentFrequencies.Half Yearly.minimumPremium|inr}} half-yearly).';
      }),
    );
    expect(lines(problems)).toEqual([
      'plans/T54/steps/plan-details.ui.json /planDetails/investmentAmount/ui:help: the help text quotes 45,000, which is not a minimum premium of plan.json /paymentFrequencies (50,000, 25,595, 12,950, 4,350) or a maximum this step states',
    ]);
  });

  it('fails a plan that extends a plan which is not there', () => {
    // Copied alone, T76 (a variant of T64) names a plan the root lacks.
    const problems = checkCopiedPlan(() => undefined, 'T76');
    expect(lines(problems)).toEqual([
      'plans/T76/plan.json /$extends: "$extends" names T64, which is not a plan folder under schemas/plans (plans: T76)',
    ]);
  });

  it("fails a plan offering another plan's brochure when that plan is not there", () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('plan.json', (config) => (config.brochureOf = 'T99')),
    );
    expect(lines(problems)).toContain(
      'plans/T54/plan.json /brochureOf: names the plan "T99", which has no folder under schemas/plans/ (plans: T54)',
    );
  });

  it('fails a shared panel without the params it needs', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('plan.json', (config) => {
        delete config.steps['plan-details'].panels[1].params.buyFor;
      }),
    );
    expect(lines(problems)).toEqual([
      'plans/T54/plan.json /steps/plan-details/panels/1/params: the jointLife panel needs the params buyFor (src/journey/panels/panelParams.json)',
    ]);
  });

  it('fails a frequency the schema or the basis does not know', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('steps/plan-details.schema.json', (schema) => {
        const amount = minimums(4350);
        delete (amount.minimumByFrequency.minimums as Record<string, number>).Quarterly;
        (amount.minimumByFrequency.minimums as Record<string, number>).Fortnightly = 2000;
        schema.properties.planDetails.properties.investmentAmount = amount;
      }),
    );
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        'gives a minimum for "Fortnightly", which is not one of plan.json /paymentFrequencies (Yearly, Half Yearly, Quarterly, Monthly)',
        'has no minimum for "Quarterly", which plan.json /paymentFrequencies/2 offers (minimum 12,950)',
      ]),
    );
  });

  it('fails an annualisation divisor that differs between plan.json and the basis', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('pricing-basis.json', (basis) => {
        basis.premium.frequencies[2].annualisationDivisor = 0.26;
      }),
    );
    expect(lines(problems)).toContain(
      'plans/T54/plan.json /paymentFrequencies/2/annualisationDivisor: is 0.259 for Quarterly, but plans/T54/pricing-basis.json /premium/frequencies/2/annualisationDivisor says 0.26. Make them the same.',
    );
  });

  it('fails a Bima-ASBA maximum that the make-payment rules and message do not repeat', () => {
    // The shared make-payment step takes the limit from plan.json; a plan's own override
    // that writes a figure of its own, as an analyst might, is caught.
    const problems = checkCopiedPlan((plan) => {
      plan.write('steps/make-payment.schema.json', {
        $use: 'steps/make-payment.schema.json',
        if: { properties: { premium: { exclusiveMinimum: 250000 } } },
        then: {
          properties: {
            payMode: {
              errorMessage: { const: 'BASBA is available for premiums up to 2,50,000. Please pay online.' },
            },
          },
        },
      });
      plan.write('steps/make-payment.ui.json', {
        $use: 'steps/make-payment.ui.json',
        payMode: {
          'ui:options': {
            when: [
              {
                field: 'premium',
                exclusiveMinimum: 250000,
                set: { 'ui:options': { hiddenValues: ['BASBA'] } },
              },
            ],
          },
        },
      });
    });
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        'plans/T54/steps/make-payment.schema.json /if/properties/premium/exclusiveMinimum: limits Bima-ASBA at 2,50,000, but plan.json /payment/basbaMaximumPremium says 2,00,000. Make them the same.',
        'plans/T54/steps/make-payment.schema.json /then/properties/payMode/errorMessage: its message quotes a Bima-ASBA limit of 2,50,000, but plan.json /payment/basbaMaximumPremium says 2,00,000. Make them the same.',
        'plans/T54/steps/make-payment.ui.json /payMode/ui:options/when/0/exclusiveMinimum: hides or limits Bima-ASBA at 2,50,000, but plan.json /payment/basbaMaximumPremium says 2,00,000. Make them the same.',
      ]),
    );
  });

  // The basis takes an offer's percent from plan.json ({{offers.online.annuityBonusPercent}});
  // these write a figure of their own in it, as an analyst might.
  it('fails an offer whose percentage differs from the basis', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('pricing-basis.json', (basis) => {
        basis.annuity.bonuses[0].percent = 2;
      }),
    );
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        'plans/T54/plan.json /offers/0/annuityBonusPercent: promises 1% ("online"), but plans/T54/pricing-basis.json /annuity/bonuses/0/percent applies 2%. Make them the same.',
      ]),
    );
  });

  it('fails an offer the basis does not apply at all', () => {
    const problems = checkCopiedPlan((plan) =>
      plan.edit('pricing-basis.json', (basis) => {
        basis.annuity.bonuses = basis.annuity.bonuses.slice(0, 1);
      }),
    );
    expect(lines(problems)).toEqual([
      'plans/T54/plan.json /offers/1/annuityBonusPercent: promises 2.5% ("staff"), but plans/T54/pricing-basis.json has no bonus or discount with id "staff", so the quote would not apply it. Add { "id": "staff", "percent": 2.5 } to the basis.',
    ]);
  });
});
