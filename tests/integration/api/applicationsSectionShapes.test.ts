import { format, subYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_APPLICATION_PATH } from '../../../src/server/api/applications/createApplicationRoute.ts';
import { STAGES_PATH } from '../../../src/server/api/applications/stageSaveRoutes.ts';
import { planFor } from '../../../src/server/plans/serverPlans.ts';
import { stepTitle } from '../../../src/server/plans/stepData.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { createApplication, createBody, personalDetailsOf, policyHolder } from './applicationsFixtures.ts';
import { payLater, proposalSections } from './proposalFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Issue 19.3: a section is stored only in the shape the plan's forms give it. The probe
 * stored any JSON in the proposal's sections (3,000 keys, 30 levels, `<script>`), personal
 * details without `primary`, a 56 KB insured person on create, and investment strategies
 * on U27, which has no investment step.
 */
type Json = Record<string, unknown>;

const NOT_PROCESSED = 'Sorry we couldn’t process your details, please try again';

/** 3,000 keys no form asks for, a script tag among them, and a nesting (deeper than 20 levels is refused whole). */
function junk(): Json {
  const keys: Json = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 'x'.repeat(10)]));
  let deep: Json = { leaf: true };
  for (let i = 0; i < 8; i += 1) deep = { d: deep };
  return { ...keys, '<script>alert(1)</script>': '<script>alert(1)</script>', deep };
}

/** Every key of an object at any depth. */
function keysOf(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(keysOf);
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe.each(DATABASES)('sections stored in their forms’ shape ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 30_000);
  afterAll(() => api.close());

  const stored = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{ state: Json; version: number; stage: string }>(
      'SELECT state, version, stage FROM applications WHERE application_number = $1',
      [applicationNumber],
    );
    return rows[0]!;
  };

  it('drops what the basic-details forms do not ask from a new application’s holder and insured person', async () => {
    const body = createBody();
    const res = await api.post(CREATE_APPLICATION_PATH, {
      ...body,
      basicDetails: {
        policyHolder: { ...policyHolder(), ...junk() },
        insuredPerson: { ...junk(), fullName: 'Sita Sharma' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { applicationNo } = api.open<{ applicationNo: string }>(res);
    const { state } = await stored(applicationNo);
    const basic = state.basicDetails as { policyHolder: Json; insuredPerson?: Json };
    expect(basic.policyHolder).toMatchObject(policyHolder());
    const keys = keysOf(state.basicDetails);
    expect(keys).not.toContain('k0');
    expect(keys).not.toContain('<script>alert(1)</script>');
    expect(keys).not.toContain('deep');
    expect(JSON.stringify(state).length).toBeLessThan(5_000);
  });

  it('keeps only single values in fields that hold one: a flood inside a named field is dropped', async () => {
    const body = createBody();
    const res = await api.post(CREATE_APPLICATION_PATH, {
      ...body,
      basicDetails: {
        policyHolder: {
          ...policyHolder(),
          // Kept beside the form's fields (the application schema's personOnRecord), as single values only.
          branchCode: junk(),
          utm_source: 'x'.repeat(5000),
          leadId: ['a', 'b'],
          partnerName: 'Bank Partner',
        },
        insuredPerson: { partnerName: junk(), contractRegister: junk() },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { applicationNo } = api.open<{ applicationNo: string }>(res);
    const { state } = await stored(applicationNo);
    const basic = state.basicDetails as { policyHolder: Json; insuredPerson?: Json };
    expect(basic.policyHolder).toMatchObject({ ...policyHolder(), partnerName: 'Bank Partner' });
    expect(basic.policyHolder).not.toHaveProperty('branchCode');
    expect(basic.policyHolder).not.toHaveProperty('utm_source');
    expect(basic.policyHolder).not.toHaveProperty('leadId');
    expect(keysOf(state.basicDetails)).not.toContain('k0');
    expect(JSON.stringify(state).length).toBeLessThan(5_000);

    const created = await createApplication(api);
    const good = personalDetailsOf();
    const saved = await api.post(
      `${STAGES_PATH}personal-details`,
      {
        applicationNumber: created.applicationNo,
        version: created.version,
        personalDetails: { primary: { ...(good.primary as Json), addressline1: junk() } },
      },
      { capability: created.capability },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await stored(created.applicationNo)).state.personalDetails).toEqual(good);
  });

  it('drops fields beside and inside personal details’ primary, and refuses personal details without it', async () => {
    const created = await createApplication(api);
    const save = (personalDetails: Json, version: number) =>
      api.post(
        `${STAGES_PATH}personal-details`,
        { applicationNumber: created.applicationNo, version, personalDetails },
        { capability: created.capability },
      );
    const refused = await save({ ...junk() }, created.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: NOT_PROCESSED,
      errors: [
        {
          field: 'personalDetails',
          message: `Please complete ${stepTitle(planFor('T54')!.steps['additional-details']!)}.`,
        },
      ],
    });
    expect((await stored(created.applicationNo)).version).toBe(created.version);

    const good = personalDetailsOf();
    const res = await save({ ...junk(), primary: { ...(good.primary as Json), ...junk() } }, created.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(created.applicationNo)).state.personalDetails).toEqual(good);
  });

  it('refuses investment strategies on a plan with no investment step (U27)', async () => {
    const plan = planFor('U27')!;
    const product = { productId: 'U27', planCode: plan.config.planCode, productUIN: plan.config.uin };
    // U27's basic details ask more of the holder (common/fixtures/basic-details.fixtures.json's holder).
    const holder = {
      nameTitle: 'Mr',
      dateOfBirth: format(subYears(new Date(), 35), 'yyyy-MM-dd'),
      isSmoker: 'N',
      buyFor: 'Myself',
      annualIncome: '1200000',
      residentialStatus: 'RNT',
      role: 'Other',
    };
    const res = await api.post(CREATE_APPLICATION_PATH, {
      ...createBody(holder),
      ...product,
      productName: plan.config.productName,
      consentVersions: shownConsentVersions(plan),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = api.open<{ applicationNo: string; capability: string; version: number }>(res);
    const saved = await api.post(
      `${STAGES_PATH}investment-details`,
      {
        applicationNumber: created.applicationNo,
        version: created.version,
        ...product,
        investmentStratergies: { strategy: 'autoTrigger', funds: { triggerFund: 'flexiCapEquity' } },
      },
      { capability: created.capability },
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      errors: [{ field: 'investmentStratergies', message: 'This plan does not ask for these details.' }],
    });
    const { state, version } = await stored(created.applicationNo);
    expect(version).toBe(created.version);
    expect(state.investmentStratergies).toBeUndefined();
  });

  it.each([
    ['journey-details', 'journeyDetails'],
    ['employment-details', 'employmentDetails'],
    ['pd-nominee-details', 'pdNomineeDetails'],
    ['other-policy-details', 'otherPolicyDetails'],
    ['bank-details', 'bankDetails'],
    ['fatca-details', 'fatcaDetails'],
    ['emandate-details', 'eMandateDetails'],
  ])('%s keeps only what the proposal step asks, beside and inside its place', async (stage, section) => {
    const created = await createApplication(api);
    const version = await payLater(api, created, created.version);
    const sections = proposalSections(stage);
    const place = sections[section] as Json;
    const [first] = Object.keys(place);
    const inner = place[first!];
    const flooded = {
      ...junk(),
      ...place,
      [first!]: inner && typeof inner === 'object' && !Array.isArray(inner) ? { ...inner, ...junk() } : inner,
    };
    const res = await api.post(
      `${STAGES_PATH}${stage}`,
      { applicationNumber: created.applicationNo, version, ...sections, [section]: flooded },
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { state } = await stored(created.applicationNo);
    const keys = keysOf(state[section]);
    expect(keys).not.toContain('k0');
    expect(keys).not.toContain('<script>alert(1)</script>');
    expect(keys).not.toContain('deep');
    expect(state[section]).toMatchObject(place);
  });
});
