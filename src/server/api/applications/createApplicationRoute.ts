import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import { newApplicationNumber, newProposalNumber } from './applicationNumbers.ts';
import {
  createApplicationRepository,
  type Application,
  type ApplicationRepository,
  type ApplicationState,
  type NewApplication,
} from './applicationRepository.ts';
import { DATE_TEXT, EMAIL, MOBILE_NUMBER, REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { assertFitsPlan, holderOf } from './planChecks.ts';
import { indiaToday } from './policyDates.ts';
import { issueCapability } from './requireCapability.ts';
import {
  recordBasicLead,
  recordSamparkLead,
  recordStageReport,
  STAGE_REPORTS,
  type JourneyLeadFacts,
  type StageReport,
} from './journeyLeads.ts';
import { FIRST_STAGE } from './stages.ts';
import { CONSENT_VERSIONS_SCHEMA, consentChanges } from '../../consents/consentChanges.ts';
import { recordConsentRows } from '../../consents/recordConsents.ts';

export const CREATE_APPLICATION_PATH = '/buyonlineoauth/applications/create';

interface CreateApplicationBody {
  basicDetails: { policyHolder: Record<string, unknown>; insuredPerson?: Record<string, unknown> };
  productId: string;
  planCode: string;
  productUIN: string;
  productName?: string;
  leadId?: string;
  lead_source?: string;
  utm_content?: string;
  utm_source?: string;
  utm_campaign?: string;
  dateOfBirth?: string;
  emailId?: string;
  mobileNumber?: string;
  /** Empty for a new application; whatever it holds, the server assigns the numbers. */
  applicationNumber?: string;
  /**
   * Record the basic-details lead (unless `leadId` names one already) and the campaign
   * (`utm_campaign`), or for a c2c `utm_source` the sampark lead, with the application:
   * what the journey otherwise asks for in three more calls (spec 02 §4.4).
   */
  recordLead?: boolean;
  /** Record this stage report about the new application (spec 02 §7 crmTermUpdateLead). */
  stageReport?: StageReport;
  /** By consent kind, the version of the wording shown beside each box (src/shared/consents.ts). */
  consentVersions?: Record<string, string>;
}

/** Marketing fields of the create payload kept in the saved state as sent. */
const KEPT_AS_SENT = ['leadId', 'lead_source', 'utm_content', 'utm_source', 'utm_campaign'] as const;

/** Drawing numbers again after this many collisions means something else is wrong. */
const MAX_NUMBER_DRAWS = 5;

/**
 * Create application (spec 02 §7, §4.4): after basic details, the browser asks for an
 * application. The basic details are revalidated with the plan's own schema; the product
 * fields must name a configured plan. The row is committed before the answer, which
 * carries the numbers, the version and the capability that later saves must present.
 * Each consent box is recorded with it, given or not; a box ticked must name the version of
 * the wording shown (`consentVersions`), the plan's, else 422 (docs/design/consents.md).
 * With `recordLead` (and `stageReport`) the journey's lead, campaign update and stage report
 * are recorded in the same transaction, through the outbox, so basic-details Continue is one
 * call after the token; the lead, campaign and report routes stay for other clients.
 */
export function createApplicationRoute(app: FastifyInstance, repository: ApplicationRepository) {
  app.post<{ Body: CreateApplicationBody }>(
    CREATE_APPLICATION_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'create' },
      schema: {
        body: {
          type: 'object',
          required: ['basicDetails', 'productId', 'planCode', 'productUIN'],
          properties: {
            basicDetails: REF.basicDetails,
            productId: SHORT_TEXT,
            productName: SHORT_TEXT,
            planCode: SHORT_TEXT,
            productUIN: SHORT_TEXT,
            leadId: SHORT_TEXT,
            lead_source: SHORT_TEXT,
            utm_content: SHORT_TEXT,
            utm_source: SHORT_TEXT,
            utm_campaign: SHORT_TEXT,
            dateOfBirth: DATE_TEXT,
            emailId: EMAIL,
            mobileNumber: MOBILE_NUMBER,
            applicationNumber: { type: 'string', maxLength: 11 },
            recordLead: { type: 'boolean' },
            stageReport: { type: 'string', enum: [...STAGE_REPORTS] },
            consentVersions: CONSENT_VERSIONS_SCHEMA,
          },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request) => {
      const body = request.body;
      const plan = planFor(body.productId);
      if (!plan) {
        throw new ApiError(400, MESSAGES.notProcessed, [
          { field: 'productId', message: MESSAGES.notThisProduct },
        ]);
      }
      // Stored in the shape of the plan's basic-details forms: nothing else is kept.
      const { basicDetails } = assertFitsPlan(plan, { basicDetails: body.basicDetails }, body) as Pick<
        CreateApplicationBody,
        'basicDetails'
      >;
      // Every consent box, ticked or not, is recorded with the application (docs/design/consents.md).
      const consents = consentChanges(plan, { basicDetails }, body.consentVersions, undefined);
      if (consents.refusal) throw consents.refusal;

      const policyStartDate = indiaToday();
      const { policyHolder } = basicDetails;
      const holder = holderOf(basicDetails) ?? {};
      const facts: JourneyLeadFacts = {
        holder: policyHolder,
        productId: plan.config.productId,
        productName: plan.config.productName,
        mobile: holder.mobile ?? null,
        leadSource: body.lead_source ?? '',
      };
      const c2c = (body.utm_source ?? '').toLowerCase().includes('c2c');
      const state = (leadId: string | undefined): ApplicationState => ({
        basicDetails:
          body.recordLead && leadId
            ? { ...basicDetails, policyHolder: { ...policyHolder, leadId } }
            : basicDetails,
        productId: plan.config.productId,
        productName: plan.config.productName,
        planCode: plan.config.planCode,
        productUIN: plan.config.uin,
        ...Object.fromEntries(KEPT_AS_SENT.filter((key) => body[key] !== undefined).map((k) => [k, body[k]])),
        ...(leadId ? { leadId } : {}),
        // The campaign update of spec 02 §4.4, made here rather than by a second call.
        ...(body.recordLead && !c2c ? { campaignId: body.utm_campaign ?? '' } : {}),
        userStage: FIRST_STAGE,
        dateofPolicyStart: policyStartDate,
      });
      const row = (leadId: string | undefined): NewApplication => ({
        applicationNumber: newApplicationNumber(),
        proposalNumber: newProposalNumber(plan.config.planCode),
        productId: plan.config.productId,
        planCode: plan.config.planCode,
        productUin: plan.config.uin,
        stage: FIRST_STAGE,
        policyStartDate,
        holder,
        leadId,
        state: state(leadId),
      });
      const insert = async (into: ApplicationRepository, leadId: string | undefined) => {
        let created: Application | undefined;
        for (let draw = 0; !created && draw < MAX_NUMBER_DRAWS; draw += 1) {
          created = await into.insert(row(leadId));
        }
        if (!created) throw new Error(`no free application number after ${MAX_NUMBER_DRAWS} draws`);
        return created;
      };

      let created: Application;
      let leadId = body.leadId || undefined;
      if (!body.recordLead && !body.stageReport && consents.rows.length === 0) {
        created = await insert(repository, leadId);
      } else {
        // The application, its consents, its leads and their outbox messages are committed
        // together: the CRM hears of them later, from the outbox, never on the visitor's time.
        created = await app.db.transaction(async (tx) => {
          if (body.recordLead && !leadId) leadId = await recordBasicLead(tx, facts);
          const application = await insert(createApplicationRepository(tx), leadId);
          const about = {
            applicationNumber: application.applicationNumber,
            mobile: null,
            inForce: undefined,
          };
          await recordConsentRows(tx, about, 'basic-details', consents.rows);
          if (body.recordLead && c2c) await recordSamparkLead(tx, facts);
          if (body.stageReport) {
            await recordStageReport(tx, application.applicationNumber, body.stageReport, facts);
          }
          return application;
        });
      }

      app.policyStartDates.remember(created.applicationNumber, created.policyStartDate);
      return {
        status: '200',
        applicationNo: created.applicationNumber,
        proposalNumber: created.proposalNumber,
        capability: issueCapability(app, created.applicationNumber),
        version: created.version,
        ...(body.recordLead ? { leadId } : {}),
      };
    },
  );
}
