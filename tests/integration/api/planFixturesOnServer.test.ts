import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { CREATE_APPLICATION_PATH } from '../../../src/server/api/applications/createApplicationRoute.ts';
import { STAGES_PATH } from '../../../src/server/api/applications/stageSaveRoutes.ts';
import type { FieldError } from '../../../src/server/lib/httpErrorBody.ts';
import { serverPlans } from '../../../src/server/plans/serverPlans.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import { policyHolder } from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The server revalidates what a request saves with the plan's own step schemas
 * (validateAgainstPlan), so every plan step fixture the browser is checked against
 * (plans:validate) must be rejected by the server too, with the same messages at the
 * matching paths of the request body, and every valid case accepted.
 */

interface FixtureCase {
  name: string;
  data: Record<string, unknown>;
  errors: Record<string, string>;
}

/** How a route is called: a request body holding `state` (state-shaped, e.g. { planDetails }). */
type Route = (
  api: TestApi,
  plan: LoadedPlan,
  state: Record<string, unknown>,
) => Promise<LightMyRequestResponse>;

/** Valid basic details, so only the step under test can be at fault: the plan's own "journey" case. */
const validBasicDetails = (plan: LoadedPlan) =>
  (journeyState(plan, 'basic-details').basicDetails as Record<string, unknown> | undefined) ?? {
    policyHolder: policyHolder(),
    insuredPerson: {},
  };

const productOf = ({ config }: LoadedPlan) => ({
  productId: config.productId,
  productName: config.productName,
  planCode: config.planCode,
  productUIN: config.uin,
});

const create = (api: TestApi, plan: LoadedPlan, state: Record<string, unknown>) =>
  api.post(CREATE_APPLICATION_PATH, {
    ...productOf(plan),
    basicDetails: validBasicDetails(plan),
    consentVersions: shownConsentVersions(plan),
    ...state,
  });

/** A stage save on a freshly created application, with its capability and version. */
const stage =
  (name: string): Route =>
  async (api, plan, state) => {
    const res = await create(api, plan, {});
    expect(res.statusCode, res.body).toBe(200);
    const created = api.open<{ applicationNo: string; capability: string; version: number }>(res);
    const body = {
      applicationNumber: created.applicationNo,
      version: created.version,
      basicDetails: validBasicDetails(plan),
      ...state,
    };
    return api.post(`${STAGES_PATH}${name}`, body, { capability: created.capability });
  };

/** The routes that save each root of the application state. */
const ROUTES_BY_ROOT: Record<string, Record<string, Route>> = {
  basicDetails: { 'create application': create, 'stages/basic-details': stage('basic-details') },
  planDetails: { 'stages/plan-details': stage('plan-details') },
  personalDetails: { 'stages/personal-details': stage('personal-details') },
  investmentStratergies: { 'stages/investment-details': stage('investment-details') },
};

const rootOf = (pointer: string) => pointer.split('/')[1] ?? '';

/** A step's "journey" fixture case (what a visitor would type) as application state, if it has one. */
function journeyState(plan: LoadedPlan, stepId: string): Record<string, unknown> {
  const definition = plan.steps[stepId]?.definition;
  if (!definition?.fixtures) return {};
  const { cases } = readPlanFiles(plan.config.productId)[definition.fixtures] as { cases: FixtureCase[] };
  const journey = cases.find((item) => item.name === 'journey');
  return journey ? boundState(definition.bind, resolveFixtureData(journey.data)) : {};
}

/** Deep merge of plain objects, `over` winning. */
function merged(under: unknown, over: unknown): unknown {
  if (!isObject(under) || !isObject(over)) return over === undefined ? under : over;
  const out: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) out[key] = merged(under[key], value);
  return out;
}
const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The request state for a case of one step: the other steps that save the same part of the
 * application (annuity details and plan details both fill planDetails) as a visitor filled
 * them, with the case's data over them.
 */
function caseState(plan: LoadedPlan, stepId: string, state: Record<string, unknown>) {
  const roots = new Set(Object.values(plan.steps[stepId]!.definition.bind).map(rootOf));
  // Basic details are the case itself on the basic-details step; for any other step that
  // binds a part of them (a joint life), the plan's valid basic details are under it.
  let base: unknown =
    roots.has('basicDetails') && stepId !== 'basic-details' ? { basicDetails: validBasicDetails(plan) } : {};
  for (const [otherId, other] of Object.entries(plan.steps)) {
    if (otherId === stepId || stepId === 'basic-details') continue;
    if (!Object.values(other.definition.bind).some((pointer) => roots.has(rootOf(pointer)))) continue;
    const { basicDetails: _ignored, ...rest } = journeyState(plan, otherId);
    base = merged(base, rest);
  }
  return merged(base, state) as Record<string, unknown>;
}

/** The state-shaped request part a case's step data binds to, e.g. { basicDetails: { policyHolder } }. */
function boundState(bind: Record<string, string>, data: Record<string, unknown>) {
  const state: Record<string, unknown> = {};
  for (const [field, pointer] of Object.entries(bind)) {
    const segments = pointer.split('/').slice(1);
    let parent = state;
    for (const segment of segments.slice(0, -1)) {
      parent = (parent[segment] ??= {}) as Record<string, unknown>;
    }
    parent[segments.at(-1)!] = data[field];
  }
  return state;
}

/** A fixture's step field errors as errors of the request body ('policyHolder.x' -> 'basicDetails.policyHolder.x'). */
function bodyErrors(bind: Record<string, string>, errors: Record<string, string>): FieldError[] {
  return Object.entries(errors).map(([field, message]) => {
    const [head = '', ...rest] = field.split('.');
    const base = bind[head]?.split('/').slice(1) ?? [head];
    return { field: [...base, ...rest].join('.'), message };
  });
}

const byField = (errors: FieldError[]) => [...errors].sort((a, b) => a.field.localeCompare(b.field));

const steps = [...serverPlans()].flatMap(([folder, plan]) => {
  const files = readPlanFiles(folder);
  return Object.entries(plan.steps)
    .filter(([, step]) => step.definition.fixtures)
    .map(([stepId, { definition }]) => {
      // A step saves through the route of the place of its first binding (the place it
      // edits); other places it binds are read for its rules (a buyFor a choice depends on).
      const roots = [rootOf(Object.values(definition.bind)[0] ?? '')];
      const routes = roots.every((root) => ROUTES_BY_ROOT[root])
        ? roots.flatMap((root) => Object.entries(ROUTES_BY_ROOT[root]!))
        : [];
      const { cases } = files[definition.fixtures!] as { cases: FixtureCase[] };
      return { plan, stepId, id: `${plan.config.productId}/${stepId}`, bind: definition.bind, routes, cases };
    });
});

const onServer = steps.filter((step) => step.routes.length > 0);
const runs = onServer.flatMap(({ plan, stepId, id, bind, routes, cases }) =>
  routes.flatMap(([routeName, route]) =>
    cases.map((fixture) => ({
      title: `${id} via ${routeName}: ${fixture.name}`,
      plan,
      stepId,
      bind,
      route,
      fixture,
    })),
  ),
);

describe('plan step fixtures on the server', () => {
  it('runs every step with fixtures except those whose state only the browser holds', () => {
    // The review step binds /reviewDetails, which no request carries: the browser alone
    // checks it before payment. The make-payment step binds the pay mode with the quote's
    // premium, which no request carries together: the server applies the same Bima-ASBA
    // limit to its own stored quote (POST /buyonlineoauth/payments/initiate, payments.test.ts).
    // A new step without a saving route must be added here or given a route in ROUTES_BY_ROOT.
    const browserOnly = steps.filter((step) => step.routes.length === 0).map((step) => step.id);
    expect(browserOnly.sort()).toEqual(
      [...serverPlans().keys()].flatMap((code) => [`${code}/make-payment`, `${code}/review-details`]).sort(),
    );
    expect(onServer.length).toBeGreaterThan(0);
  });
});

describe.each(DATABASES)('plan step fixtures on the server ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  // A plain loop, not it.each: its $title would cut the case names short.
  for (const { title, plan, stepId, bind, route, fixture } of runs) {
    it(title, async () => {
      const state = caseState(plan, stepId, boundState(bind, resolveFixtureData(fixture.data)));
      const res = await route(api, plan, state);
      const expected = bodyErrors(bind, fixture.errors);
      if (expected.length === 0) {
        expect(res.statusCode, res.body).toBe(200);
        return;
      }
      expect(res.statusCode, res.body).toBe(400);
      // The step's own messages at the places it binds (another step may also object to the
      // rest of the body, e.g. basic details bought for a spouse without their details).
      const places = Object.values(bind).map((pointer) => pointer.slice(1).replaceAll('/', '.'));
      const own = (res.json().errors ?? []).filter((error: FieldError) =>
        places.some((place) => error.field === place || error.field.startsWith(`${place}.`)),
      );
      expect(byField(own)).toEqual(byField(expected));
    });
  }
});
