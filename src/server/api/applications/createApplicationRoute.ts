import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import { newApplicationNumber, newProposalNumber } from './applicationNumbers.ts';
import type { Application, ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { DATE_TEXT, EMAIL, MOBILE_NUMBER, REF, SEALED_RESPONSES, SHORT_TEXT } from './applicationSchemas.ts';
import { assertFitsPlan, holderOf } from './planChecks.ts';
import { indiaToday } from './policyDates.ts';
import { issueCapability } from './requireCapability.ts';
import { FIRST_STAGE } from './stages.ts';

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
 */
export function createApplicationRoute(app: FastifyInstance, repository: ApplicationRepository) {
  app.post<{ Body: CreateApplicationBody }>(
    CREATE_APPLICATION_PATH,
    {
      config: { sealResponse: 'response' },
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
      const { basicDetails } = body;
      assertFitsPlan(plan, { basicDetails }, body);

      const policyStartDate = indiaToday();
      const state: ApplicationState = {
        basicDetails,
        productId: plan.config.productId,
        productName: plan.config.productName,
        planCode: plan.config.planCode,
        productUIN: plan.config.uin,
        ...Object.fromEntries(KEPT_AS_SENT.filter((key) => body[key] !== undefined).map((k) => [k, body[k]])),
        userStage: FIRST_STAGE,
        dateofPolicyStart: policyStartDate,
      };
      let created: Application | undefined;
      for (let draw = 0; !created && draw < MAX_NUMBER_DRAWS; draw += 1) {
        created = await repository.insert({
          applicationNumber: newApplicationNumber(),
          proposalNumber: newProposalNumber(plan.config.planCode),
          productId: plan.config.productId,
          planCode: plan.config.planCode,
          productUin: plan.config.uin,
          stage: FIRST_STAGE,
          policyStartDate,
          holder: holderOf(basicDetails) ?? {},
          leadId: body.leadId || undefined,
          state,
        });
      }
      if (!created) throw new Error(`no free application number after ${MAX_NUMBER_DRAWS} draws`);

      return {
        status: '200',
        applicationNo: created.applicationNumber,
        proposalNumber: created.proposalNumber,
        capability: issueCapability(app, created.applicationNumber),
        version: created.version,
      };
    },
  );
}
