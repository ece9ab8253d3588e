import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, located, type PlanFolder } from './planFolder.ts';

/*
 * Issue 17, "a validator an analyst can trust": the mistakes an analyst made copying T64 to a
 * new plan, each failing plans:validate with a message that names the file, the JSON Pointer,
 * the line and the fix. Each test copies a plan folder (with the shared files it builds on),
 * makes one mistake in it and expects the exact line plans:validate prints (without its
 * schemas/ prefix). Lines are read from the copy as written, so the plans may change.
 */

const T99 = { code: 'T99', uin: '143N099V01', slug: 'new-term-plan' };

/** T64 copied as T99 with the code, UIN and address changed in plan.json, and `mistake` made. */
function copiedAsT99(mistake: (plan: PlanFolder) => void) {
  return checkCopiedPlan(
    (plan) => {
      plan.edit('plan.json', (config) => {
        config.productId = T99.code;
        config.planCode = T99.code;
        config.uin = T99.uin;
        config.routes = { ...config.routes, slug: T99.slug };
      });
      mistake(plan);
    },
    'T64',
    { as: T99.code },
  );
}

describe('plans:validate names the file, pointer, line and fix of an analyst’s mistake', () => {
  it('a basis that still names the plan it was copied from (written literally)', () => {
    let line = 0;
    const problems = copiedAsT99((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.planCode = 'T64';
      });
      line = plan.lineOf('pricing-basis.json', '"planCode": "T64"');
    });
    expect(located(problems)).toContain(
      `plans/T99/pricing-basis.json:${line} /planCode: is "T64", but plan.json /planCode is "T99": this basis is another plan's, and the quote route refuses every quote of a plan whose basis is not its own. Write "{{planCode}}" (or "T99").`,
    );
  });

  it('a backTo naming a step that does not exist, with the step it was meant to be', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.steps['plan-details'].backTo = 'anuity-details';
      });
      line = plan.lineOf('plan.json', '"backTo": "anuity-details"');
    }, 'T64');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^plans/T64/plan\\.json:${line} /steps/plan-details/backTo: its Back button goes to "anuity-details", which is not a route of the journey \\(did you mean "annuity-details"\\?\\); the routes are .*annuity-details`,
        ),
      ),
    );
  });

  it('a step’s stepper, resumeTo and the quote’s steps naming steps that do not exist', () => {
    const lines: Record<string, number> = {};
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.steps['plan-details'].stepper = 'plan-detail';
        config.quote.steps = ['basic-details', 'plan-detail'];
      });
      lines.stepper = plan.lineOf('plan.json', '"stepper": "plan-detail"');
      lines.quote = plan.lineOf('plan.json', '"plan-detail"') + 1;
    }, 'T64');
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^plans/T64/plan\\.json:${lines.stepper} /steps/plan-details/stepper: belongs to the stepper entry "plan-detail", which plan\\.json /stepper does not have \\(did you mean "plan-details"\\?\\); its entries are `,
          ),
        ),
        expect.stringMatching(
          /^plans\/T64\/plan\.json:\d+ \/quote\/steps\/1: the quote reads the step "plan-detail", which is not a step of plan\.json \(did you mean "plan-details"\?\); the steps are /,
        ),
      ]),
    );
    // A resumeTo that names no step stops the machine's generation: still a located problem.
    let resumeLine = 0;
    const resumed = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.steps['plan-details'].resumeTo = 'basic-detail';
      });
      resumeLine = plan.lineOf('plan.json', '"resumeTo": "basic-detail"');
    }, 'T64');
    expect(located(resumed)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^plans/T64/plan\\.json:${resumeLine} /steps/plan-details/resumeTo: an application resumed here opens "basic-detail", which is not a step of plan\\.json \\(did you mean "basic-details"\\?\\)`,
        ),
      ),
    );
  });

  it('basis entry ages that differ from plan.json', () => {
    const lines: Record<string, number> = {};
    const problems = copiedAsT99((plan) => {
      plan.edit('plan.json', (config) => {
        config.ageLimits.insured = { ...config.ageLimits.insured, min: 18, max: 60 };
      });
      plan.edit('pricing-basis.json', (basis) => {
        basis.ages.entry = { min: 21, max: 65 };
      });
      lines.min = plan.lineOf('pricing-basis.json', '"min": 21');
      lines.max = plan.lineOf('pricing-basis.json', '"max": 65');
    });
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        `plans/T99/pricing-basis.json:${lines.min} /ages/entry/min: is 21, but plan.json /ageLimits/insured/min is 18 (a life aged 18 to 20 passes the forms but gets no quote). Write "{{ageLimits.insured.min}}" so the basis follows plan.json.`,
        `plans/T99/pricing-basis.json:${lines.max} /ages/entry/max: is 65, but plan.json /ageLimits/insured/max is 60 (the calculator prices a life aged 61 to 65, whom the forms refuse). Write "{{ageLimits.insured.max}}" so the basis follows plan.json.`,
      ]),
    );
  });

  it('a discountMessage left at 10% after the offer became 15%', () => {
    let line = 0;
    const problems = copiedAsT99((plan) => {
      plan.edit('plan.json', (config) => {
        const online = config.offers.find((offer: { id: string }) => offer.id === 'online');
        online.discountPercent = 15;
        online.text = 'Get {{offers.online.discountPercent}}% off online';
        config.discountMessage = '10% online discount, plus another 10% for staff and partners';
      });
      plan.edit('pricing-basis.json', (basis) => {
        basis.discounts.find((d: { id: string }) => d.id === 'online').percent = 15;
      });
      line = plan.lineOf('plan.json', '"discountMessage"');
    });
    expect(located(problems)).toContain(
      `plans/T99/plan.json:${line} /discountMessage: "10% online discount, plus another 10% for staff and partners" quotes 10% twice where the offers give it once; the offers give 15% ("online") and 10% ("staff"). Write each offer's percentage as its fact, e.g. {{offers.online.discountPercent}}%, so the copy follows the offer.`,
    );
  });

  it('content that states another percentage for an offer', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('content.json', (content) => {
        content.offers.online.discountPercent = 12;
      });
      line = plan.lineOf('content.json', '"discountPercent": 12');
    }, 'T64');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^plans/T64/content\\.json:${line} /offers/online/discountPercent: is 12, but plan\\.json /offers/\\d+/discountPercent is 10\\. Write "\\{\\{offers\\.online\\.discountPercent\\}\\}" so the content follows plan\\.json\\.$`,
        ),
      ),
    );
  });

  it('a missing $ref target, at the schema file and pointer that hold the $ref', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties = {
          ...schema.properties,
          nominee: { $ref: '../../../common/defs.schema.json#/$defs/fulName' },
        };
      });
      line = plan.lineOf('steps/plan-details.schema.json', '$defs/fulName');
    }, 'T64');
    expect(located(problems)).toContain(
      `plans/T64/steps/plan-details.schema.json:${line} /properties/nominee/$ref: $ref "../../../common/defs.schema.json#/$defs/fulName" does not resolve: common/defs.schema.json has no "fulName" under /$defs (did you mean "fullName"?)`,
    );
  });

  it('a $ref naming a document that does not exist', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties = {
          ...schema.properties,
          nominee: { $ref: '../../../common/def.schema.json#/$defs/fullName' },
        };
      });
    }, 'T64');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        /^plans\/T64\/steps\/plan-details\.schema\.json:\d+ \/properties\/nominee\/\$ref: \$ref "\.\.\/\.\.\/\.\.\/common\/def\.schema\.json#\/\$defs\/fullName" names common\/def\.schema\.json, which is not a schema document \(did you mean "defs\.schema\.json"\?\); the shared documents are /,
      ),
    );
  });

  it('a $ref of a shared document that does not resolve, blamed on the shared document once', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      const file = join(plan.root, 'common/defs.schema.json');
      const text = readFileSync(file, 'utf8').replace(
        '"dial-codes.schema.json#/$defs/dialCode"',
        '"dial-codes.schema.json#/$defs/dialCod"',
      );
      writeFileSync(file, text);
      line = text.split('\n').findIndex((l) => l.includes('#/$defs/dialCod"')) + 1;
    }, 'T64');
    const pointer = located(problems)
      .map((l) => /^common\/defs\.schema\.json:\d+ (\S+):/.exec(l)?.[1])
      .find(Boolean);
    expect(located(problems)).toContain(
      `common/defs.schema.json:${line} ${pointer}: $ref "dial-codes.schema.json#/$defs/dialCod" does not resolve: common/dial-codes.schema.json has no "dialCod" under /$defs (did you mean "dialCode"?)`,
    );
    expect(pointer).toMatch(/^\/\$defs\/\w+\/(.*\/)?\$ref$/);
    // Not again at each plan that reaches it, nor at plan.json with no place.
    expect(problems.filter((p) => p.message.includes('dialCod'))).toHaveLength(1);
  });

  it('an unknown keyword, at the file and pointer where it is written', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/plan-details.schema.json', (schema) => {
        schema.properties = { ...schema.properties, nominee: { type: 'string', minLenght: 2 } };
      });
      line = plan.lineOf('steps/plan-details.schema.json', '"minLenght"');
    }, 'T64');
    expect(located(problems)).toContain(
      `plans/T64/steps/plan-details.schema.json:${line} /properties/nominee/minLenght: unknown keyword "minLenght" (did you mean "minLength"?): ajv's strict mode rejects a keyword it does not know (a note for builders goes in "$comment")`,
    );
  });

  it('a misspelt key of plan.json, with the property it was meant to be', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.discountMesage = config.discountMessage;
        delete config.discountMessage;
      });
      line = plan.lineOf('plan.json', '"discountMesage"');
    }, 'T64');
    expect(located(problems)).toContain(
      `plans/T64/plan.json:${line} /discountMesage: must NOT have additional properties ('discountMesage') (did you mean "discountMessage"?)`,
    );
  });
});

describe('plans:validate says "did you mean …" for a misspelt name', () => {
  it('a widget and a field of the uiSchema', () => {
    const lines: Record<string, number> = {};
    const problems = checkCopiedPlan((plan) => {
      plan.edit('steps/plan-details.ui.json', (ui) => {
        ui.planDetails = { ...ui.planDetails, sumAsured: { 'ui:widget': 'AmountWidgt' } };
      });
      lines.field = plan.lineOf('steps/plan-details.ui.json', '"sumAsured"');
      lines.widget = plan.lineOf('steps/plan-details.ui.json', '"AmountWidgt"');
    }, 'T64');
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        `plans/T64/steps/plan-details.ui.json:${lines.field} /planDetails/sumAsured: "sumAsured" is not a field of the schema (did you mean "sumAssured"?)`,
        expect.stringMatching(
          new RegExp(
            `^plans/T64/steps/plan-details\\.ui\\.json:${lines.widget} /planDetails/sumAsured/ui:widget: widget "AmountWidgt" is not a known widget \\(did you mean "AmountWidget"\\?\\); known widgets: `,
          ),
        ),
      ]),
    );
  });

  it('a guard, an action and a target of the machine the plan writes over the shared one', () => {
    const lines: Record<string, number> = {};
    const problems = checkCopiedPlan((plan) => {
      plan.write('machine.json', {
        $use: 'common/machine.json',
        states: {
          makePayment: {
            on: {
              PAY_LATER: {
                target: 'paymentSucess',
                guard: 'hasApplicationNumbr',
                actions: { type: 'syncAplication' },
              },
            },
          },
        },
      });
      lines.target = plan.lineOf('machine.json', '"paymentSucess"');
      lines.guard = plan.lineOf('machine.json', '"hasApplicationNumbr"');
      lines.actions = plan.lineOf('machine.json', '"actions"');
    }, 'T64');
    const where = 'plans/T64/machine.json';
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        `${where}:${lines.target} /states/makePayment/on/PAY_LATER/target: transition target "paymentSucess" does not exist (did you mean "paymentSuccess"?)`,
        expect.stringMatching(
          new RegExp(
            `^plans/T64/machine\\.json:${lines.guard} /states/makePayment/on/PAY_LATER/guard: guard "hasApplicationNumbr" is not a known guard \\(did you mean "hasApplicationNumber"\\?\\); known guards: `,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^plans/T64/machine\\.json:${lines.actions} /states/makePayment/on/PAY_LATER/actions: action "syncAplication" is not a known action \\(did you mean "syncApplication"\\?\\); known actions: `,
          ),
        ),
      ]),
    );
  });

  it('a calculator', () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.calculator = 'termLif';
      });
      line = plan.lineOf('plan.json', '"termLif"');
    }, 'T64');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^plans/T64/plan\\.json:${line} /calculator: calculator "termLif" is not a known calculator \\(did you mean "termLife"\\?\\); known calculators: `,
        ),
      ),
    );
  });
});

describe('a plan that validates also prices', () => {
  it('fails with the calculator’s reason, at the journey case field it is about', () => {
    const problems = checkCopiedPlan((plan) => {
      plan.edit('pricing-basis.json', (basis) => {
        basis.policyTerm.maxYears = 25;
      });
    }, 'T64');
    expect(located(problems)).toContainEqual(
      expect.stringMatching(
        /^plans\/T64\/fixtures\/plan-details\.fixtures\.json:\d+ \/cases\/\w+\/data\/planDetails\/policyTerm: the fixture journey \(the "journey" case of each step, priced today\) does not price: the termLife calculator refuses it: "Policy term should be between 10 and 25 years, or cover till age 99" \(PlanSectionDetails\.PolicyTerm\)\. A plan that validates gets a quote for its own journey: change this case, or the plan's rules or basis that refuse it\.$/,
      ),
    );
  });
});
