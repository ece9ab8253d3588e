import type { FastifyPluginAsync } from 'fastify';
import { applicationFacts, recordPush, type LeadRecord } from '../../leads/recordLead.ts';
import { productIdFor } from '../../leads/productIdFor.ts';
import { ERROR_ANSWER, sealedAnswer } from '../../lib/specSchema.ts';
import { namedApplication } from '../applications/requireCapability.ts';
import '../../types.ts';
import { leadAdminRoutes } from './leadAdminRoutes.ts';
import {
  basicLeadBody,
  crmLeadBody,
  DEFAULT_CRM_SOURCE,
  dristiBody,
  samparkLeadBody,
  stageReportBody,
} from './leadSchemas.ts';

export const CRM_LEAD_PATH = '/api_etermcrm_leadcreation_sf/';
export const BASIC_LEAD_PATH = '/buyonlineoauth/leads/create';
export const SAMPARK_LEAD_PATH = '/buyonlineoauth/service/createSamparkLeadApi';
export const DRISTI_PATH = '/buyonlineoauth/service/dristiApi';
export const STAGE_REPORT_PATH = '/buyonlineoauth/service/crmTermUpdateLead';

type Text = string | undefined;

interface CrmLeadRequest {
  Eterm_CRM_Lead_Req: Record<string, unknown> & {
    applicationno?: string;
    source?: string;
    mobilenumber: string;
    productname: string;
  };
}

interface BasicLeadRequest {
  mobilenumber: string;
  productname: string;
  [field: string]: Text;
}

interface SamparkLeadRequest {
  command: 'leadpush';
  data: [{ first_name: string; phone: string; [field: string]: Text }];
}

interface DristiRequest {
  applicationNumber: string;
  proposer: { mobileNumber?: string };
  planName?: string;
  productName?: string;
}

interface StageReportRequest {
  applicationNumber: string;
  stageApiName: 'Lead' | 'Quote' | 'Pay Later';
}

/** spec 02 §7: the lead id is the last word of StatusMessage. */
function leadAnswer(lead: LeadRecord) {
  return {
    Eterm_CRM_Lead_Resp: {
      Status: 'Success',
      StatusMessage: `Lead created successfully with Lead Id ${lead.leadId}`,
    },
  };
}

const failures = { 400: ERROR_ANSWER, 401: ERROR_ANSWER, 403: ERROR_ANSWER };

/**
 * The lead bounded context: lead creation (CRM and basic-details flow), sampark leads, the
 * call-centre record and stage reports (spec 02 §4.4, §4.5, §4.7, §7). Every push is
 * recorded in `leads` and written to the outbox in one transaction before it is answered.
 * A push that names an application needs that application's capability (service clients
 * excepted), like every other call about one application.
 */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: CrmLeadRequest }>(
    CRM_LEAD_PATH,
    {
      config: { sealResponse: 'encryptedResponse', writeLimit: 'lead' },
      schema: {
        body: crmLeadBody(),
        response: {
          200: sealedAnswer('encryptedResponse', '{Eterm_CRM_Lead_Resp: {Status, StatusMessage}}'),
          ...failures,
        },
      },
    },
    async (request) => {
      const lead = request.body.Eterm_CRM_Lead_Req;
      const applicationNumber = namedApplication(app, request, lead.applicationno);
      const recorded = { ...lead, source: lead.source || DEFAULT_CRM_SOURCE };
      return leadAnswer(
        await recordPush(app.db, {
          kind: 'crm',
          withLeadId: true,
          applicationNumber,
          productId: productIdFor(lead.productname),
          mobile: lead.mobilenumber,
          payload: { Eterm_CRM_Lead_Req: recorded },
        }),
      );
    },
  );

  app.post<{ Body: BasicLeadRequest }>(
    BASIC_LEAD_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'lead' },
      schema: {
        body: basicLeadBody(),
        response: {
          200: sealedAnswer('response', '{Eterm_CRM_Lead_Resp: {Status, StatusMessage}}'),
          ...failures,
        },
      },
    },
    async (request) =>
      leadAnswer(
        await recordPush(app.db, {
          kind: 'basic',
          withLeadId: true,
          productId: productIdFor(request.body.productname),
          mobile: request.body.mobilenumber,
          payload: request.body,
        }),
      ),
  );

  app.post<{ Body: SamparkLeadRequest }>(
    SAMPARK_LEAD_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'lead' },
      schema: {
        body: samparkLeadBody(),
        response: { 200: sealedAnswer('response', "{status: '200', leadId}"), ...failures },
      },
    },
    async (request) => {
      const lead = await recordPush(app.db, {
        kind: 'sampark',
        withLeadId: true,
        mobile: request.body.data[0].phone,
        payload: request.body,
      });
      return { status: '200', leadId: lead.leadId };
    },
  );

  app.post<{ Body: DristiRequest }>(
    DRISTI_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'lead' },
      schema: {
        body: dristiBody(),
        response: { 200: sealedAnswer('response', "{status: '200'}"), ...failures },
      },
    },
    async (request) => {
      const body = request.body;
      const applicationNumber = namedApplication(app, request, body.applicationNumber);
      await recordPush(app.db, {
        kind: 'dristi',
        withLeadId: false,
        applicationNumber,
        productId: productIdFor(body.productName) ?? productIdFor(body.planName),
        mobile: body.proposer.mobileNumber || null,
        payload: body,
      });
      return { status: '200' };
    },
  );

  app.post<{ Body: StageReportRequest }>(
    STAGE_REPORT_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'lead' },
      schema: {
        body: stageReportBody(),
        response: { 200: sealedAnswer('response', "{status: '200'}"), ...failures },
      },
    },
    async (request) => {
      const applicationNumber = namedApplication(app, request, request.body.applicationNumber)!;
      const facts = await applicationFacts(app.db, applicationNumber);
      await recordPush(app.db, {
        kind: 'stage-report',
        withLeadId: false,
        applicationNumber,
        productId: facts.productId,
        mobile: facts.mobile,
        payload: { ...request.body, applicationNumber },
      });
      return { status: '200' };
    },
  );

  await app.register(leadAdminRoutes);
};
