import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { toDisplayDate } from '../../../src/journey/formatValue.ts';
import { splitName } from '../../../src/journey/names.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { buildQuoteRequest } from '../../../src/journey/quote/quoteRequest.ts';
import { loadSources } from '../../../tools/lib/loadSources.ts';
import { checkPlans } from '../../../tools/lib/planChecks.ts';
import { journeyData, journeySteps, loadPlans, type Fields } from '../../e2e/planDriver/planCases.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';
import { writeGeneratedValidators } from '../../../tools/lib/generatedValidators.ts';

/*
 * "A plan is data" (issue 9): an analyst copies a plan folder under a new code, edits its
 * JSON and nothing else, and the product sells it. The copy lives in a schemas root of its
 * own (the shared documents and meta-schemas copied beside it), passes plans:validate's
 * checks there, and is walked through the API as the browser walks it: token, lead,
 * application, quote, plan-details stage, pay later, and resume by mobile lists it.
 *
 * The server reads plans only from the repository's schemas/ (src/server/plans/serverPlans.ts
 * and src/server/api/quotes/pricingFor call nodePlanSource with its DEFAULT_SCHEMAS_ROOT,
 * and build() has no option naming another root), so this file points that default at the
 * throwaway root with a module mock. The mock stands in for the missing `schemasRoot`
 * option; no server code is changed by it.
 */

const SOURCE_CODES = ['T64', 'T54'];
const NEW = { code: 'X64', uin: '143N999V01', slug: 'throwaway-term-plan', name: 'Throwaway Term Plan' };

const throwaway = await vi.hoisted(async () => {
  const { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } =
    await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { fileURLToPath } = await import('node:url');
  const repoSchemas = fileURLToPath(new URL('../../../schemas/', import.meta.url));
  const source = ['T64', 'T54'].find((code) => existsSync(join(repoSchemas, 'plans', code, 'plan.json')))!;
  const sourcePlan = JSON.parse(readFileSync(join(repoSchemas, 'plans', source, 'plan.json'), 'utf8'));
  const root = mkdtempSync(join(tmpdir(), 'bimaflow-throwaway-schemas-'));
  // Everything but the plans (meta-schemas, shared documents, pricing basis schemas), then one plan.
  for (const name of readdirSync(repoSchemas).filter((entry: string) => entry !== 'plans')) {
    cpSync(join(repoSchemas, name), join(root, name), { recursive: true });
  }
  const folder = join(root, 'plans', 'X64');
  cpSync(join(repoSchemas, 'plans', source), folder, { recursive: true });
  // What an analyst edits: the code (in $id, machine id, option codes), UIN, page slug and name.
  const edits: Array<[string, string]> = [
    [source, 'X64'],
    [sourcePlan.uin, '143N999V01'],
    [sourcePlan.routes.slug, 'throwaway-term-plan'],
    [sourcePlan.productName, 'Throwaway Term Plan'],
  ];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name: string) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
    );
  for (const file of walk(folder).filter((path) => path.endsWith('.json'))) {
    let text = readFileSync(file, 'utf8');
    for (const [from, to] of edits) text = text.split(from).join(to);
    writeFileSync(file, text);
  }
  return { root, source };
});

vi.mock('../../../src/plans/nodePlanSource.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/plans/nodePlanSource.ts')>();
  return {
    ...original,
    DEFAULT_SCHEMAS_ROOT: throwaway.root,
    readCommonDocuments: (root: string = throwaway.root) => original.readCommonDocuments(root),
    listPlanCodes: (root: string = throwaway.root) => original.listPlanCodes(root),
    readPlanFiles: (code: string, root: string = throwaway.root) => original.readPlanFiles(code, root),
  };
});

const plan: LoadedPlan = loadPlans(throwaway.root).find((p) => p.config.productId === NEW.code)!;

/** What the visitor typed on every step, as the application holds it. */
function journeyState(): ApplicationState {
  const state: Record<string, unknown> = {
    basicDetails: { policyHolder: {}, insuredPerson: {} },
    planDetails: {},
  };
  for (const step of journeySteps(plan)) {
    const data = journeyData(plan, step, throwaway.root) ?? {};
    for (const [field, pointer] of Object.entries(step.definition.bind)) {
      const [section, part] = pointer.replace(/^\//, '').split('/') as [string, string | undefined];
      const value = data[field];
      if (!value || typeof value !== 'object') continue;
      const target = (state[section] ??= {}) as Fields;
      if (part) target[part] = { ...(target[part] as Fields | undefined), ...(value as Fields) };
      else Object.assign(target, value);
    }
  }
  return state as unknown as ApplicationState;
}

describe('the copied plan folder', () => {
  it(`is a copy of ${SOURCE_CODES.join(' or ')} under a new code, UIN and page`, () => {
    expect(SOURCE_CODES).toContain(throwaway.source);
    expect(plan.config).toMatchObject({ productId: NEW.code, planCode: NEW.code, uin: NEW.uin });
    expect(plan.config.routes.slug).toBe(NEW.slug);
    expect(plan.config.productName).toBe(NEW.name);
  });

  it('passes the plans:validate checks in its own schemas root', () => {
    // What the analyst runs after editing the copy: npm run validators (on this root).
    writeGeneratedValidators(throwaway.root);
    const sources = loadSources(throwaway.root);
    expect(Object.keys(sources.plans)).toEqual([NEW.code]);
    expect(checkPlans(sources).map((p) => `${p.file} ${p.where}: ${p.message}`)).toEqual([]);
  });
});

describe.each(DATABASES)('the copied plan through the API ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  /** An answer's body: sealed journey answers opened, plain ones as they are. */
  const body = <T>(res: Awaited<ReturnType<TestApi['post']>>): T =>
    (typeof res.json().response === 'string' ? api.open<T>(res) : res.json()) as T;

  it('token → lead → application → quote → plan details → pay later → resume by mobile', async () => {
    const state = journeyState();
    const holder = state.basicDetails.policyHolder as Fields;
    const names = splitName(holder.fullName);
    const { config } = plan;

    // The server knows the throwaway plan as one of its own.
    expect(typeof (await api.token())).toBe('string');

    const lead = await api.post('/buyonlineoauth/leads/create', {
      ...names,
      gender: holder.gender,
      mobilenumber: holder.mobileNumber,
      emailid: holder.emailId,
      DOB: holder.dateOfBirth,
      productname: config.productName,
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leadAnswer = body<{ Eterm_CRM_Lead_Resp: { Status: string; StatusMessage: string } }>(lead);
    const leadId = leadAnswer.Eterm_CRM_Lead_Resp.StatusMessage.trim().split(/\s+/).pop();

    const basicDetails = {
      policyHolder: { ...holder, ...names, leadId },
      insuredPerson: state.basicDetails.insuredPerson,
    };
    const create = await api.post('/buyonlineoauth/applications/create', {
      basicDetails,
      leadId,
      dateOfBirth: toDisplayDate(holder.dateOfBirth),
      emailId: holder.emailId,
      mobileNumber: holder.mobileNumber,
      productId: config.productId,
      productName: config.productName,
      planCode: config.planCode,
      applicationNumber: '',
      productUIN: config.uin,
      consentVersions: shownConsentVersions(plan),
    });
    expect(create.statusCode, create.body).toBe(200);
    const created = body<{
      applicationNo: string;
      proposalNumber: string;
      capability: string;
      version: number;
    }>(create);
    expect(created.proposalNumber.startsWith(NEW.code)).toBe(true);
    const capability = created.capability;

    const today = new Date().toISOString().slice(0, 10);
    const withNumber = { ...state, applicationNumber: created.applicationNo } as ApplicationState;
    const quote = await api.post(
      '/proposal_service/v1/quotes',
      buildQuoteRequest(withNumber, config, today),
      {
        seal: false,
        capability,
      },
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = body<{ status: string; data: { quoteNumber: string; quotePlanSectionDetails: Fields } }>(
      quote,
    );
    const sections = quoted.data.quotePlanSectionDetails;
    expect(sections).toMatchObject({ planCode: NEW.code, productUIN: NEW.uin });
    expect(Number(sections.installmentPremiumWithTaxFY)).toBeGreaterThan(0);
    expect((sections.breakup as unknown[]).length).toBeGreaterThan(0);

    const planDetails = {
      ...(state.planDetails as Fields),
      response: { ...sections, quoteNumber: quoted.data.quoteNumber },
      quoteNumber: quoted.data.quoteNumber,
      planCode: config.planCode,
      productUIN: config.uin,
      planName: config.productName,
      isFilled: true,
    };
    const saved = await api.post(
      '/buyonlineoauth/stages/plan-details',
      {
        applicationNumber: created.applicationNo,
        planDetails,
        basicDetails,
        productId: config.productId,
        planCode: config.planCode,
        version: created.version,
      },
      { capability },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const afterPlan = body<{ status: string; version: number }>(saved);

    const later = await api.post(
      '/buyonlineoauth/stages/payment-details',
      {
        applicationNumber: created.applicationNo,
        version: afterPlan.version,
        planCode: config.planCode,
        paymentDetails: { payMode: 'Online', payLater: true, status: 'failure', pageName: 'make-payment' },
      },
      { capability },
    );
    expect(later.statusCode, later.body).toBe(200);

    const resume = await api.post('/buyonlineoauth/retrieve', {
      mobileNumber: holder.mobileNumber,
      dateOfBirth: toDisplayDate(holder.dateOfBirth),
      contryCode: '91',
      productId: config.productId,
    });
    expect(resume.statusCode, resume.body).toBe(200);
    const found = body<{ applciations: Array<{ ProdcutId: string; ApplicationNumber: string }> }>(resume);
    expect(found.applciations).toContainEqual(
      expect.objectContaining({ ProdcutId: NEW.code, ApplicationNumber: created.applicationNo }),
    );
  });
});
