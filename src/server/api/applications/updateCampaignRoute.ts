import type { FastifyInstance } from 'fastify';
import type { ApplicationRepository } from './applicationRepository.ts';
import { REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { changeApplication } from './changeApplication.ts';
import { CONSENT_VERSIONS_SCHEMA } from '../../consents/consentChanges.ts';
import { saveWithConsents } from '../../consents/recordConsents.ts';

export const UPDATE_CAMPAIGN_PATH = '/buyonlineoauth/applications/update-campaign';

interface UpdateCampaignBody {
  applicationNumber: string;
  version: number;
  basicDetails?: Record<string, unknown>;
  campaignId?: string;
  leadId?: string;
  planCode?: string;
  productName?: string;
  consentVersions?: Record<string, string>;
}

/**
 * Update campaign (spec 02 §7, §4.4): the second call after create, unless the visitor
 * came from a c2c source. Keeps the campaign and lead ids (and basic details, when sent)
 * without moving the application to another stage.
 */
export function updateCampaignRoute(app: FastifyInstance, repository: ApplicationRepository) {
  app.post<{ Body: UpdateCampaignBody }>(
    UPDATE_CAMPAIGN_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'save' },
      schema: {
        body: {
          type: 'object',
          required: ['applicationNumber', 'version'],
          properties: {
            applicationNumber: REF.applicationNumber,
            version: REF.version,
            basicDetails: REF.basicDetails,
            campaignId: SHORT_TEXT,
            leadId: SHORT_TEXT,
            planCode: SHORT_TEXT,
            productName: SHORT_TEXT,
            consentVersions: CONSENT_VERSIONS_SCHEMA,
          },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request) => {
      const { applicationNumber, version, basicDetails, campaignId, leadId, planCode, consentVersions } =
        request.body;
      const patch = Object.fromEntries(
        Object.entries({ basicDetails, campaignId, leadId }).filter(([, value]) => value !== undefined),
      );
      // Basic details sent here record the consent boxes they change, as a stage save does.
      const consents = { applicationNumber, patch, shown: consentVersions };
      const saved = await saveWithConsents(app, request, repository, consents, (saving) =>
        changeApplication(app, saving, request, {
          applicationNumber,
          version,
          patch,
          leadId: leadId || undefined,
          product: { planCode },
        }),
      );
      return { status: '200', version: saved };
    },
  );
}
