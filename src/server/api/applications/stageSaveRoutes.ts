import type { FastifyInstance } from 'fastify';
import { alreadyPaid, payLaterDetails, paymentRecorded } from '../payments/payLater.ts';
import type { ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { DATE_TEXT, EMAIL, MOBILE_NUMBER, REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { changeApplication } from './changeApplication.ts';
import { PAYMENT_STAGE, STAGES, type StageDefinition } from './stages.ts';

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

function bodySchema({ section, alsoKept = [] }: StageDefinition) {
  return {
    type: 'object',
    required: ['applicationNumber', 'version', section],
    properties: {
      ...COMMON_FIELDS,
      ...Object.fromEntries(alsoKept.map((field) => [field, SHORT_TEXT])),
      [section]: section === 'basicDetails' ? REF.basicDetails : REF.section,
    },
  };
}

/** The state keys a stage save replaces: its section, basic details when sent, and its kept fields. */
function patchOf({ section, alsoKept = [] }: StageDefinition, body: StageBody): ApplicationState {
  const keys = ['basicDetails', ...alsoKept, section];
  return Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
}

/**
 * Stages that decide what is paid for (who, and the plan and its premium): once the premium
 * is paid they no longer change, or the payment would no longer match the application.
 */
const PRICED_STAGES = new Set(['basic-details', 'plan-details']);

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
        const { body } = request;
        const version = await changeApplication(app, repository, request, {
          applicationNumber: body.applicationNumber,
          version: body.version,
          patch: patchOf(definition, body),
          stage: definition.stage,
          leadId: typeof body.leadId === 'string' && body.leadId ? body.leadId : undefined,
          product: { productId: body.productId, planCode: body.planCode, productUIN: body.productUIN },
          ...(PRICED_STAGES.has(definition.stage) ? { refuse: alreadyPaid } : {}),
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
