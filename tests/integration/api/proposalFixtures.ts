import { expect } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { DOCUMENTS_PATH } from '../../../src/server/api/uploads/uploadRoutes.ts';
import { CAPABILITY_HEADER } from '../../../src/server/plugins/authenticate.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import type { CreatedApplication } from './applicationsFixtures.ts';
import { JPEG, PDF, png } from './documentFiles.ts';
import {
  gatewayResponse,
  initiate,
  payableApplication,
  postGatewayResponse,
  storedApplication,
  type PayableApplication,
} from './paymentsFixtures.ts';
import type { TestApi } from './testApp.ts';

/*
 * The proposal's data as its steps' fixtures have it (the "journey" case of each, with the
 * step's bindings: schemas/common/plan-parts.json "proposal"), real uploaded documents, and
 * applications at the payment stage (pay later, or paid through the gateway).
 */

type Json = Record<string, unknown>;

interface ProposalStep {
  bind: Record<string, string>;
  fixtures?: string;
  submit: { stage: string };
}

const T54 = readPlanFiles('T54');
const STEPS = (T54['plan.json'] as { proposal: { steps: Record<string, ProposalStep> } }).proposal.steps;

/** A proposal step's "journey" fixture data, its dates made today's. */
function journeyCase(step: ProposalStep): Json {
  const fixtures = T54[step.fixtures!] as { cases: { name: string; data: Json }[] };
  const journey = fixtures.cases.find((item) => item.name === 'journey');
  if (!journey) throw new Error(`${step.fixtures} has no journey case`);
  return resolveFixtureData(journey.data);
}

/**
 * Step data as the stage save sends it: each bound field at its place in the application
 * (`personal` → journeyDetails.primary). Places outside the stage's own sections, read
 * alongside (the annual premium in planDetails), are not sent.
 */
export function sectionsOf(data: Json, bind: Record<string, string>): Json {
  const sections: Json = {};
  for (const [field, pointer] of Object.entries(bind)) {
    if (data[field] === undefined) continue;
    const [section, ...path] = pointer.slice(1).split('/');
    if (section === 'planDetails') continue;
    let node = sections;
    for (const key of [section!, ...path.slice(0, -1)]) node = (node[key] ??= {}) as Json;
    if (path.length) node[path[path.length - 1]!] = data[field];
    else sections[section!] = data[field];
  }
  return sections;
}

const stepOfStage = (stage: string) => {
  const step = Object.values(STEPS).find((item) => item.submit.stage === stage && item.fixtures);
  if (!step) throw new Error(`no proposal step saves ${stage}`);
  return step;
};

/** A stage's sections from its step's journey case, with `data` over the step's fields. */
export function proposalSections(stage: string, data: Json = {}): Json {
  const step = stepOfStage(stage);
  return sectionsOf({ ...journeyCase(step), ...data }, step.bind);
}

/** A step's journey case, as the form holds it (`{ personal: {...} }`). */
export function journeyData(stage: string): Json {
  return journeyCase(stepOfStage(stage));
}

/** The proposal stages whose data the fixtures give (all but the documents, which are uploaded). */
export const FIXTURE_STAGES = [
  'journey-details',
  'employment-details',
  'pd-nominee-details',
  'other-policy-details',
  'bank-details',
  'fatca-details',
  'emandate-details',
] as const;

/** Paying renewals oneself: an e-mandate step complete without the sandbox. */
export const PAY_RENEWALS_MYSELF = { eMandateDetails: { primary: { choice: 'Pay renewals myself' } } };

export interface DocumentReference {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** Uploads a file for an application through POST /buyonlineoauth/documents: its reference. */
export async function uploadDocument(
  api: TestApi,
  created: Pick<CreatedApplication, 'applicationNo' | 'capability'>,
  life: 'primary' | 'secondary',
  kind: 'identity' | 'address' | 'income',
  file: Buffer = PDF,
  name = `${kind}.pdf`,
): Promise<DocumentReference> {
  const query = new URLSearchParams({ applicationNumber: created.applicationNo, life, kind, name });
  const res = await api.app.inject({
    method: 'POST',
    url: `${DOCUMENTS_PATH}?${query.toString()}`,
    headers: {
      authorization: `Bearer ${await api.token()}`,
      [CAPABILITY_HEADER]: created.capability,
      'content-type': 'application/octet-stream',
    },
    payload: file,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  const { id, type, size } = api.open<DocumentReference>(res);
  return { id, name, type, size };
}

/** A life's three proofs, uploaded: the references the documents step saves. */
export async function uploadDocuments(
  api: TestApi,
  created: Pick<CreatedApplication, 'applicationNo' | 'capability'>,
  life: 'primary' | 'secondary' = 'primary',
): Promise<Record<'identityProof' | 'addressProof' | 'incomeProof', DocumentReference>> {
  return {
    identityProof: await uploadDocument(api, created, life, 'identity', JPEG, 'pan-card.jpg'),
    addressProof: await uploadDocument(api, created, life, 'address', PDF, 'aadhaar.pdf'),
    incomeProof: await uploadDocument(api, created, life, 'income', png(4, 4, life === 'primary' ? 10 : 20)),
  };
}

/** A stage save of `sections` on `version`. */
export function saveStage(
  api: TestApi,
  created: Pick<CreatedApplication, 'applicationNo' | 'capability'>,
  stage: string,
  version: number,
  sections: Json,
) {
  return api.post(
    `/buyonlineoauth/stages/${stage}`,
    { applicationNumber: created.applicationNo, version, ...sections },
    { capability: created.capability },
  );
}

/** Saves a stage that must be taken; answers the new version. */
export async function savedStage(
  api: TestApi,
  created: Pick<CreatedApplication, 'applicationNo' | 'capability'>,
  stage: string,
  version: number,
  sections: Json,
): Promise<number> {
  const res = await saveStage(api, created, stage, version, sections);
  expect(res.statusCode, `${stage}: ${res.body}`).toBe(200);
  return api.open<{ version: number }>(res).version;
}

/** Chooses pay later (spec 01 §2), which opens the proposal; answers the new version. */
export function payLater(
  api: TestApi,
  created: Pick<CreatedApplication, 'applicationNo' | 'capability'>,
  version: number,
): Promise<number> {
  return savedStage(api, created, 'payment-details', version, {
    paymentDetails: { payMode: 'Online', payLater: true, status: 'failure', pageName: 'make-payment' },
  });
}

/** Pays an application's premium through the gateway (a verified success): answers its version. */
export async function pay(api: TestApi, created: CreatedApplication): Promise<number> {
  const form = await initiate(api, created);
  const res = await postGatewayResponse(api, gatewayResponse(form, 'success', SANDBOX_PAYMENT.salt));
  expect(res.statusCode, res.body).toBe(303);
  return (await storedApplication(api, created.applicationNo)).version;
}

/** An application whose premium is paid: created, quoted, its journey saved, paid online. */
export async function paidApplication(api: TestApi, premium?: number): Promise<PayableApplication> {
  const payable = await payableApplication(api, premium);
  return { ...payable, version: await pay(api, payable.created) };
}

/** An application whose buyer chose to pay later, its journey saved. */
export async function payLaterApplication(api: TestApi): Promise<PayableApplication> {
  const payable = await payableApplication(api);
  return { ...payable, version: await payLater(api, payable.created, payable.version) };
}
