import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { toDisplayDate } from '../../../src/journey/formatValue.ts';
import { splitName } from '../../../src/journey/names.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { CREATE_APPLICATION_PATH } from '../../../src/server/api/applications/createApplicationRoute.ts';
import { ageTables, withDateOfBirth } from '../../e2e/planDriver/ageCases.ts';
import { loadPlans, type Fields } from '../../e2e/planDriver/planCases.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The §5 age table on the server, for every plan folder: creating an application with the
 * proposer (and, where basic details ask for one, the insured) one day short of the
 * minimum, at it, at the maximum and past it answers 200, or 400 naming the date of birth
 * with the basic-details form's message. Limits come from plan.json `ageLimits`, the one
 * place they are written; the test names no plan.
 */

const plans = loadPlans();

/** The create-application body the browser sends (src/journey/submit/createApplication.ts). */
function createBody(plan: LoadedPlan, basicDetails: Fields) {
  const holder = basicDetails.policyHolder as Fields;
  const { config } = plan;
  return {
    basicDetails: {
      policyHolder: { ...holder, ...splitName(holder.fullName) },
      insuredPerson: basicDetails.insuredPerson ?? {},
    },
    dateOfBirth: toDisplayDate(holder.dateOfBirth),
    emailId: holder.emailId,
    mobileNumber: holder.mobileNumber,
    productId: config.productId,
    productName: config.productName,
    planCode: config.planCode,
    applicationNumber: '',
    productUIN: config.uin,
    consentVersions: shownConsentVersions(plan),
  };
}

describe.each(DATABASES)('age limits of every plan on the server ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  describe.each(plans.map((plan) => [plan.config.productId, plan] as const))('%s', (_code, plan) => {
    for (const table of ageTables(plan)) {
      it(`the ${table.person}'s form states its age message`, () => {
        expect(table.message, `no ageRange message for the ${table.person}'s limits`).toBeTypeOf('string');
      });
      it.each(table.cases.map((c) => [c.name, c] as const))(`${table.person} %s`, async (_name, c) => {
        const res = await api.post(
          CREATE_APPLICATION_PATH,
          createBody(plan, withDateOfBirth(table, c.dateOfBirth)),
        );
        if (c.valid) {
          expect(res.statusCode, res.body).toBe(200);
          expect(api.open<{ applicationNo: string }>(res).applicationNo).toMatch(/^\d{10}$/);
        } else {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toContainEqual({
            field: `basicDetails.${table.field}.dateOfBirth`,
            message: table.message,
          });
        }
      });
    }
  });
});
