import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { MESSAGES } from './applicationMessages.ts';
import { APPLICATION_NUMBER_PATTERN } from './applicationNumbers.ts';
import type { Application, ApplicationRepository } from './applicationRepository.ts';
import {
  DATE_TEXT,
  EMAIL,
  MOBILE_NUMBER,
  PROPOSAL_NUMBER,
  REF,
  SEALED_RESPONSES,
  SHORT_TEXT,
} from './applicationSchemas.ts';
import { indiaToday, toIsoDate } from './policyDates.ts';
import { hasCapability, issueCapability } from './requireCapability.ts';
import type { ResumeGuard } from './resumeGuard.ts';
import { resumeRefusal, savedApplication } from './resumeRules.ts';

export const RESUME_BY_APPLICATION_NUMBER_PATH = '/buyonlineoauth/retrieve-data';

interface ResumeByApplicationNumberBody {
  /** The application number; with `quoteId`, the proposal number of the resume popup. */
  applicationNumber: string;
  retrieve: 'appnumber' | 'mobdob';
  productId: string;
  quoteId?: string;
  emailId?: string;
  mobileNumber?: string;
  dateOfBirth?: string;
}

const isApplicationNumber = (value: string) => new RegExp(APPLICATION_NUMBER_PATTERN).test(value);

/**
 * The application the request proves it may see, if any. Proof is one of: the capability
 * header for it (the same window); the Quote ID with the holder's email and the proposal
 * number (the resume popup); the number with the holder's mobile and date of birth (the
 * pick after a lookup by mobile). Each proof is one indexed query that matches all at once.
 */
async function provenApplication(
  app: FastifyInstance,
  repository: ApplicationRepository,
  request: FastifyRequest<{ Body: ResumeByApplicationNumberBody }>,
): Promise<Application | undefined> {
  const { applicationNumber, quoteId, emailId, mobileNumber, dateOfBirth } = request.body;
  const number = quoteId ?? applicationNumber;
  if (!isApplicationNumber(number)) return undefined;
  if (hasCapability(app, request, number)) return repository.find(number);
  if (quoteId && emailId) return repository.findByQuote(quoteId, applicationNumber, emailId);
  const dob = dateOfBirth ? toIsoDate(dateOfBirth) : undefined;
  if (mobileNumber && dob) return repository.findByHolder(number, mobileNumber, dob);
  return undefined;
}

/**
 * Resume by application number (spec 01 §7.2, spec 02 §4.2, §8). "No such application"
 * and "wrong proof" give one and the same 404; only a proven caller hears the §4.2
 * reasons. A successful resume hands out a fresh capability and the version to save on.
 */
export function resumeByApplicationNumberRoute(
  app: FastifyInstance,
  repository: ApplicationRepository,
  guard: ResumeGuard,
) {
  app.post<{ Body: ResumeByApplicationNumberBody }>(
    RESUME_BY_APPLICATION_NUMBER_PATH,
    {
      config: { sealResponse: 'response' },
      schema: {
        body: {
          type: 'object',
          required: ['applicationNumber', 'retrieve', 'productId'],
          properties: {
            applicationNumber: PROPOSAL_NUMBER,
            retrieve: { type: 'string', enum: ['appnumber', 'mobdob'] },
            productId: SHORT_TEXT,
            quoteId: REF.applicationNumber,
            emailId: EMAIL,
            mobileNumber: MOBILE_NUMBER,
            dateOfBirth: DATE_TEXT,
          },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request, reply) => {
      const { body } = request;
      const resume = async () => {
        const application = await provenApplication(app, repository, request);
        if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
        const refused = resumeRefusal(application, body.productId, indiaToday());
        if (refused) throw refused;
        // The resumed window quotes next: priced at this date without reading it again.
        app.policyStartDates.remember(application.applicationNumber, application.policyStartDate);
        return {
          status: '200',
          data: savedApplication(application),
          capability: issueCapability(app, application.applicationNumber),
          version: application.version,
        };
      };
      // The window that holds the capability is not guessing: it reads its own application
      // back (after the payment gateway, on the proposal page) without the lookup's limits.
      if (!body.quoteId && hasCapability(app, request, body.applicationNumber)) return resume();
      return guard.noSoonerThanMinimum(async () => {
        await guard.admit(request, reply, {
          applicationNumber: body.quoteId ?? body.applicationNumber,
          mobile: body.mobileNumber,
        });
        return resume();
      });
    },
  );
}
