import type { FastifyInstance } from 'fastify';
import { payLaterDetails, paymentRecorded } from '../payments/payLater.ts';
import type { ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { DATE_TEXT, EMAIL, MOBILE_NUMBER, REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { changeApplication } from './changeApplication.ts';
import {
  LEGACY_SECTION_NAMES,
  PAID_FIXED_SECTIONS,
  PAYMENT_STAGE,
  STAGES,
  withCurrentSectionNames,
  type StageDefinition,
} from './stages.ts';

export const STAGES_PATH = '/buyonlineoauth/stages/';

type StageBody = Record<string, unknown> & {
  applicationNumber: string;
  version: number;
  productId?: string;
  planCode?: string;
  productUIN?: string;
  leadId?: string;
};

/** Fields any stage payload may carry besides its section (spec 02 §7); checked, not all kept. */
const COMMON_FIELDS = {
  applicationNumber: REF.applicationNumber,
  version: REF.version,
  basicDetails: REF.basicDetails,
  productId: SHORT_TEXT,
  productName: SHORT_TEXT,
  planCode: SHORT_TEXT,
  productUIN: SHORT_TEXT,
  userStage: SHORT_TEXT,
  mobileNumber: MOBILE_NUMBER,
  emailId: EMAIL,
  dateOfBirth: DATE_TEXT,
} as const;

/** An older browser's name for a section (emandateDetails for eMandateDetails), accepted on a save. */
const legacyNameOf = (section: string) =>
  Object.keys(LEGACY_SECTION_NAMES).find((legacy) => LEGACY_SECTION_NAMES[legacy] === section);

function bodySchema({ section, alsoKept = [], alsoSaves = [] }: StageDefinition) {
  const legacy = legacyNameOf(section);
  return {
    type: 'object',
    required: ['applicationNumber', 'version', ...(legacy ? [] : [section])],
    ...(legacy ? { anyOf: [{ required: [section] }, { required: [legacy] }] } : {}),
    properties: {
      ...COMMON_FIELDS,
      ...Object.fromEntries(alsoKept.map((field) => [field, SHORT_TEXT])),
      ...Object.fromEntries(alsoSaves.map((other) => [other, REF.section])),
      [section]: section === 'basicDetails' ? REF.basicDetails : REF.section,
      ...(legacy ? { [legacy]: REF.section } : {}),
    },
  };
}

/**
 * The state keys a stage save replaces: its section, basic details and the sections it also
 * saves when sent, and its kept fields.
 */
function patchOf(
  { section, alsoKept = [], alsoSaves = [] }: StageDefinition,
  body: StageBody,
): ApplicationState {
  const keys = ['basicDetails', ...alsoKept, ...alsoSaves, section];
  return Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
}

/**
 * Stages that save what is paid for (who, and the plan and its premium): once the premium
 * is paid they are refused whole (409 'already paid'), or the payment would no longer match
 * the application and resume would route back before the payment. Every other save keeps
 * them too: basic details it carries must be the stored ones (changeApplication).
 */
const PRICED_STAGES = new Set(
  STAGES.filter(({ section, alsoSaves = [] }) =>
    [section, ...alsoSaves].some((saved) => PAID_FIXED_SECTIONS.includes(saved)),
  ).map(({ stage }) => stage),
);

/**
 * Stage saves (spec 02 §7 and every stage of §4.1), one route per stage, all alike: the
 * section is stored whole, the stage becomes the userStage, basic details sent alongside
 * are revalidated and update the holder columns. Answers the new version once committed.
 * The payment-details save records pay later only (422 for anything that claims a payment's
 * result, which only the gateway's verified answer records) and never overwrites a settled
 * payment (409).
 */
export function stageSaveRoutes(app: FastifyInstance, repository: ApplicationRepository) {
  for (const definition of STAGES) {
    app.post<{ Body: StageBody }>(
      `${STAGES_PATH}${definition.stage}`,
      {
        config: { sealResponse: 'response' },
        schema: { body: bodySchema(definition), response: SEALED_RESPONSES },
      },
      async (request) => {
        const body = withCurrentSectionNames(request.body);
        const version = await changeApplication(app, repository, request, {
          applicationNumber: body.applicationNumber,
          version: body.version,
          patch: patchOf(definition, body),
          stage: definition.stage,
          leadId: typeof body.leadId === 'string' && body.leadId ? body.leadId : undefined,
          product: { productId: body.productId, planCode: body.planCode, productUIN: body.productUIN },
          ...(PRICED_STAGES.has(definition.stage) ? { refuse: paymentRecorded } : {}),
          ...(definition.stage === PAYMENT_STAGE
            ? {
                refuse: paymentRecorded,
                finalise: (patch, plan) => ({
                  ...patch,
                  paymentDetails: payLaterDetails(plan, patch.paymentDetails),
                }),
              }
            : {}),
        });
        return { status: '200', version };
      },
    );
  }
}
