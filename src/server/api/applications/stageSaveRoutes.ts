import type { FastifyInstance } from 'fastify';
import { payLaterDetails, paymentRecorded } from '../payments/payLater.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { isPaid, paidJourneyMessage } from './paidApplication.ts';
import type { Application, ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { DATE_TEXT, EMAIL, MOBILE_NUMBER, REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { changeApplication } from './changeApplication.ts';
import { CONSENT_VERSIONS_SCHEMA } from '../../consents/consentChanges.ts';
import { saveWithConsents } from '../../consents/recordConsents.ts';
import { saveProposalStage } from './proposalSave.ts';
import {
  isProposalStage,
  LEGACY_SECTION_NAMES,
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
  consentVersions: CONSENT_VERSIONS_SCHEMA,
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

/** A journey stage of a paid application (or one whose Bima-ASBA mandate waits): 409. */
function paidJourney(current: Application): ApiError | undefined {
  return isPaid(current) ? new ApiError(409, paidJourneyMessage(current)) : undefined;
}

/**
 * Stage saves (spec 02 §7 and every stage of §4.1), one route per stage: the section is
 * stored whole and answered with the new version once committed.
 *  - The journey's stages: the stage becomes the userStage, basic details sent alongside are
 *    revalidated and update the holder columns. Once paid (or a Bima-ASBA mandate waits) every
 *    one is refused (409): what the premium was calculated on no longer changes, and the stage
 *    never moves back before the payment. The payment-details save records pay later only
 *    (422 for anything that claims a payment's result, which only the gateway's verified
 *    answer records) and never overwrites a settled payment (409).
 *  - The proposal's stages (saveProposalStage): once the payment stage is reached, until
 *    submission, checked with the proposal step's schema; basic details are not theirs to save.
 */
export function stageSaveRoutes(app: FastifyInstance, repository: ApplicationRepository) {
  for (const definition of STAGES) {
    app.post<{ Body: StageBody }>(
      `${STAGES_PATH}${definition.stage}`,
      {
        config: { sealResponse: 'response', writeLimit: 'save' },
        schema: { body: bodySchema(definition), response: SEALED_RESPONSES },
      },
      async (request) => {
        const body = withCurrentSectionNames(request.body);
        const product = { productId: body.productId, planCode: body.planCode, productUIN: body.productUIN };
        if (isProposalStage(definition.stage)) {
          const { section, alsoSaves = [] } = definition;
          const patch = Object.fromEntries(
            [section, ...alsoSaves].filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
          );
          const version = await saveProposalStage(app, repository, request, {
            applicationNumber: body.applicationNumber,
            version: body.version,
            stage: definition.stage,
            patch,
            product,
          });
          return { status: '200', version };
        }
        const patch = patchOf(definition, body);
        // The consent boxes the basic details change are recorded with the save.
        const shown = body.consentVersions as Record<string, unknown> | undefined;
        const consents = {
          applicationNumber: body.applicationNumber,
          productId: body.productId,
          patch,
          shown,
        };
        const version = await saveWithConsents(app, request, repository, consents, (saving) =>
          changeApplication(app, saving, request, {
            applicationNumber: body.applicationNumber,
            version: body.version,
            patch,
            stage: definition.stage,
            leadId: typeof body.leadId === 'string' && body.leadId ? body.leadId : undefined,
            product,
            refuse: paidJourney,
            ...(definition.stage === PAYMENT_STAGE
              ? {
                  refuse: paymentRecorded,
                  finalise: (patch, plan) => ({
                    ...patch,
                    paymentDetails: payLaterDetails(plan, patch.paymentDetails),
                  }),
                }
              : {}),
          }),
        );
        return { status: '200', version };
      },
    );
  }
}
