import type { FastifyPluginAsync } from 'fastify';
import { CONSENT_PATHS, type ConsentAnswer } from '../../../shared/consentApi.ts';
import { planConsents, type ConsentDefinition } from '../../../shared/consents.ts';
import { staleWording } from '../../consents/consentChanges.ts';
import { CONSENT_MESSAGES } from '../../consents/consentMessages.ts';
import { consentsOf, type ApplicationConsents } from '../../consents/consentStore.ts';
import { recordConsentRows } from '../../consents/recordConsents.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { addApplicationSchemas, REF, SEALED_RESPONSES } from '../applications/applicationSchemas.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import '../../types.ts';

function answerOf(definitions: ConsentDefinition[], current: ApplicationConsents): ConsentAnswer[] {
  return definitions.map((consent) => {
    const state = current.consents.get(consent.kind);
    return {
      kind: consent.kind,
      section: consent.section,
      field: consent.field,
      wording: consent.wording,
      version: consent.version,
      required: consent.required,
      granted: state?.granted ?? false,
      recordedAt: state?.recordedAt ?? null,
    };
  });
}

/** The application (which the caller holds the capability of) and its plan's consents; 404 when unknown. */
async function consentsFor(
  app: Parameters<FastifyPluginAsync>[0],
  applicationNumber: string,
): Promise<{ current: ApplicationConsents; definitions: ConsentDefinition[] }> {
  const current = await consentsOf(app.db, applicationNumber);
  const plan = current && planFor(current.productId);
  if (!current || !plan) throw new ApiError(404, MESSAGES.unknownApplication);
  return { current, definitions: planConsents(plan) };
}

const KIND = { type: 'string', minLength: 1, maxLength: 30 } as const;
const VERSION = { type: 'string', maxLength: 64 } as const;

/**
 * The consents of one application (docs/design/consents.md): what the visitor agreed to, as
 * the plan words it now, and a change of one of them. Like every call about one application,
 * each needs its capability. A change is recorded as a new row (never an edit), with the
 * wording's version and the time, and reaches the CRM through the outbox; it is open whatever
 * the application's stage, payment or submission, since withdrawing must stay as easy as
 * giving. A consent that is a condition of the application (disclaimer 1) is not withdrawn here.
 */
export const consentRoutes: FastifyPluginAsync = async (app) => {
  addApplicationSchemas(app);
  app.post<{ Body: { applicationNumber: string } }>(
    CONSENT_PATHS.current,
    {
      config: { sealResponse: 'response' },
      schema: {
        body: {
          type: 'object',
          required: ['applicationNumber'],
          properties: { applicationNumber: REF.applicationNumber },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request) => {
      const { applicationNumber } = request.body;
      requireCapability(app, request, applicationNumber);
      const { current, definitions } = await consentsFor(app, applicationNumber);
      return { status: '200', consents: answerOf(definitions, current) };
    },
  );

  app.post<{ Body: { applicationNumber: string; kind: string; granted: boolean; version?: string } }>(
    CONSENT_PATHS.change,
    {
      config: { sealResponse: 'response', writeLimit: 'save' },
      schema: {
        body: {
          type: 'object',
          required: ['applicationNumber', 'kind', 'granted'],
          properties: {
            applicationNumber: REF.applicationNumber,
            kind: KIND,
            granted: { type: 'boolean' },
            version: VERSION,
          },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request) => {
      const { applicationNumber, kind, granted, version } = request.body;
      requireCapability(app, request, applicationNumber);
      const { current, definitions } = await consentsFor(app, applicationNumber);
      const consent = definitions.find((definition) => definition.kind === kind);
      if (!consent) {
        throw new ApiError(422, CONSENT_MESSAGES.unknownKind, [
          { field: 'kind', message: CONSENT_MESSAGES.unknownKind },
        ]);
      }
      if (consent.required && !granted) {
        throw new ApiError(422, CONSENT_MESSAGES.required, [
          { field: 'granted', message: CONSENT_MESSAGES.required },
        ]);
      }
      if (granted && version !== consent.version) throw staleWording(consent);

      // Saying again what is in force records nothing: the row in force already says it.
      if (current.consents.get(kind)?.granted === granted)
        return { status: '200', consents: answerOf(definitions, current) };

      const saved = await app.db.transaction(async (tx) => {
        const inForce = Object.fromEntries([...current.consents].map(([k, state]) => [k, state.granted]));
        const recordedAt = await recordConsentRows(
          tx,
          { applicationNumber, mobile: current.mobile, inForce },
          'preferences',
          [{ kind, granted, wording: consent }],
        );
        // The saved basic details say the same as the record, so a later save of them (or a
        // resume) starts from the consent in force; another window's save on the old version is stale.
        const { rows: updated } = await tx.query<{ version: number }>(
          `UPDATE applications
              SET state = jsonb_set(state, $2::text[], to_jsonb($3::boolean), true),
                  version = version + 1, updated_at = now()
            WHERE application_number = $1
            RETURNING version`,
          [applicationNumber, [...consent.section.split('/').slice(1), consent.field], granted],
        );
        return { recordedAt: recordedAt!, version: Number(updated[0]!.version) };
      });
      current.consents.set(kind, { granted, version: consent.version, recordedAt: saved.recordedAt });
      return { status: '200', version: saved.version, consents: answerOf(definitions, current) };
    },
  );
};
