import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, located, type PlanFolder } from './planFolder.ts';

/*
 * A condition ({ scope, schema }, docs/design/composed-plans.md "Conditions: one shape") that is
 * wrong holds or not without a word: a scope naming no place sees a missing value, a misspelt
 * keyword matches everything. plans:validate names each at the file, pointer and line that write
 * it, with the place or keyword it was meant to be.
 */

/** Replaces `from` by `to` in a shared file of the copied schemas; answers the line it is on. */
function editShared(plan: PlanFolder, path: string, from: string, to: string): number {
  const file = join(plan.root, path);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
  const edited = text.replace(from, to);
  writeFileSync(file, edited);
  return edited.split('\n').findIndex((line) => line.includes(to)) + 1;
}

const APPLICATION_FIX =
  'A scope is a place of the application: a field of a step through the place plan.json binds it to (bind), or a place of schemas/common/application.schema.json.';

describe("plans:validate checks a condition's scope", () => {
  it("a uiSchema rule's scope names a field of its form's schema", () => {
    let line = 0;
    const problems = checkCopiedPlan((plan) => {
      line = editShared(
        plan,
        'common/steps/make-payment.ui.json',
        '"scope": "/premium"',
        '"scope": "/premum"',
      );
    }, 'T54');
    expect(located(problems)).toContain(
      `common/steps/make-payment.ui.json:${line} /payMode/ui:options/when/0/scope: "/premum" names no place of the form's data (did you mean "/premium"?), so the condition always sees a missing value. A uiSchema rule's scope is a JSON Pointer into its form's data: a field of steps/make-payment.schema.json. (in the composed plans/T54/steps/make-payment.ui.json /payMode/ui:options/when/0/scope)`,
    );
  });

  it('a plan.json `when` names a place of the application: a bound field of a step, or of the application schema', () => {
    let line = 0;
    const own = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.popups['joint-life'].when.scope = '/basicDetails/policyHolder/buyfor';
      });
      line = plan.lineOf('plan.json', '"/basicDetails/policyHolder/buyfor"');
    }, 'T54');
    expect(located(own)).toContain(
      `plans/T54/plan.json:${line} /popups/joint-life/when/scope: "/basicDetails/policyHolder/buyfor" names no place of the application: "/basicDetails/policyHolder" has no "buyfor" (did you mean "/basicDetails/policyHolder/buyFor"?), so the condition always sees a missing value. ${APPLICATION_FIX}`,
    );
    // A shared review section's, at the shared file, with where the plan uses it.
    const shared = checkCopiedPlan((plan) => {
      line = editShared(
        plan,
        'common/plan-parts.json',
        '"when": { "scope": "/basicDetails/policyHolder/buyFor"',
        '"when": { "scope": "/basicDetails/insuredPersn/fullName"',
      );
    }, 'T64');
    expect(located(shared)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^common/plan-parts\\.json:${line} /reviewSections/life-insured/when/scope: "/basicDetails/insuredPersn/fullName" names no place of the application: "/basicDetails" has no "insuredPersn" \\(did you mean "/basicDetails/insuredPerson/fullName"\\?\\), so the condition always sees a missing value\\. A scope is .* \\(in the composed plans/T64/plan\\.json /steps/review-details/panels/0/params/sections/\\d+/when/scope\\)$`,
        ),
      ),
    );
  });

  it("the machine's matchesSchema scopes name places of the application, after a generated list too", () => {
    const lines: Record<string, number> = {};
    const problems = checkCopiedPlan((plan) => {
      lines.first = editShared(
        plan,
        'common/machine.json',
        '"/personalDetails/primary/addressline1"',
        '"/personalDetails/primary/adressline1"',
      );
      lines.paid = editShared(
        plan,
        'common/machine.json',
        '"/paymentDetails/status"',
        '"/paymentDetails/stauts"',
      );
    }, 'T64');
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^common/machine\\.json:${lines.first} /on/RESUME/0/guard/params/guards/1/params/scope: "/personalDetails/primary/adressline1" names no place of the application: "/personalDetails/primary" has no "adressline1" \\(did you mean "/personalDetails/primary/addressline1"\\?\\), so the condition`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^common/machine\\.json:${lines.paid} /on/RESUME/\\d+/guard/params/guards/1/params/scope: "/paymentDetails/stauts" names no place of the application: "/paymentDetails" has no "stauts" \\(did you mean "/paymentDetails/status"\\?\\), so the condition`,
          ),
        ),
      ]),
    );
  });
});

describe("plans:validate compiles every condition's schema strictly, as the forms'", () => {
  it('a misspelt keyword, which would match everything, at the keyword with the one it was meant to be', () => {
    const lines: Record<string, number> = {};
    const problems = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.quote.secondLife.when.schema = { cosnt: 'Joint' };
      });
      lines.plan = plan.lineOf('plan.json', '"cosnt"');
      lines.ui = editShared(
        plan,
        'common/steps/make-payment.ui.json',
        '"exclusiveMinimum"',
        '"exclusiveMinimun"',
      );
      lines.machine = editShared(
        plan,
        'common/machine.json',
        '"schema": { "const": "success" }',
        '"schema": { "enun": ["success"] }',
      );
    }, 'T54');
    const hint = `ajv's strict mode rejects a keyword it does not know (a note for builders goes in "$comment")`;
    expect(located(problems)).toEqual(
      expect.arrayContaining([
        `plans/T54/plan.json:${lines.plan} /quote/secondLife/when/schema/cosnt: unknown keyword "cosnt" (did you mean "const"?): ${hint}`,
        `common/steps/make-payment.ui.json:${lines.ui} /payMode/ui:options/when/0/schema/exclusiveMinimun: unknown keyword "exclusiveMinimun" (did you mean "exclusiveMinimum"?): ${hint} (in the composed plans/T54/steps/make-payment.ui.json /payMode/ui:options/when/0/schema/exclusiveMinimun)`,
        expect.stringMatching(
          new RegExp(
            `^common/machine\\.json:${lines.machine} /on/RESUME/\\d+/guard/params/guards/1/params/schema/enun: unknown keyword "enun" \\(did you mean "enum"\\?\\): `,
          ),
        ),
      ]),
    );
  });
});
