import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { serverPlans } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { ApplicationRepository } from './applicationRepository.ts';
import {
  COUNTRY_CODE,
  DATE_TEXT,
  MOBILE_NUMBER,
  SEALED_RESPONSES,
  SHORT_TEXT,
} from './applicationSchemas.ts';
import { maskMobile } from './maskMobile.ts';
import { indiaDateTime, toIsoDate } from './policyDates.ts';
import type { ResumeGuard } from './resumeGuard.ts';

export const RESUME_BY_MOBILE_PATH = '/buyonlineoauth/retrieve';

interface ResumeByMobileBody {
  mobileNumber: string;
  /** 'yyyy-mm-dd' or 'dd/mm/yyyy'. */
  dateOfBirth: string;
  /** Spelt so on the wire (spec 01 §3); default 91. */
  contryCode?: string;
  /** Only this product's applications, when given; otherwise every configured plan's. */
  productId?: string;
}

/**
 * Resume by mobile (spec 01 §7.3, spec 02 §4.3): the not yet submitted applications of
 * the holder with this mobile and date of birth, newest first, with only what the pick
 * list needs. No match is not an error: the same '200' with an empty list, in the same
 * time, so the answer tells nobody whether a number is on file.
 */
export function resumeByMobileRoute(
  app: FastifyInstance,
  repository: ApplicationRepository,
  guard: ResumeGuard,
) {
  app.post<{ Body: ResumeByMobileBody }>(
    RESUME_BY_MOBILE_PATH,
    {
      config: { sealResponse: 'response' },
      schema: {
        body: {
          type: 'object',
          required: ['mobileNumber', 'dateOfBirth'],
          properties: {
            mobileNumber: MOBILE_NUMBER,
            dateOfBirth: DATE_TEXT,
            contryCode: COUNTRY_CODE,
            productId: SHORT_TEXT,
          },
        },
        response: SEALED_RESPONSES,
      },
    },
    (request, reply) =>
      guard.noSoonerThanMinimum(async () => {
        const { mobileNumber, dateOfBirth, contryCode = '91', productId } = request.body;
        await guard.admit(request, reply, { mobile: mobileNumber, countryCode: contryCode });
        const dob = toIsoDate(dateOfBirth);
        if (!dob) {
          throw new ApiError(400, MESSAGES.notProcessed, [
            { field: 'dateOfBirth', message: 'Please enter valid date of birth.' },
          ]);
        }
        const products = [...serverPlans().keys()].filter((id) => !productId || id === productId);
        const found = await repository.listResumable(
          { mobile: mobileNumber, countryCode: contryCode, dateOfBirth: dob },
          products,
        );
        return {
          status: '200',
          mobileNumber: maskMobile(mobileNumber),
          applciations: found.map((application) => ({
            ProdcutId: application.productId,
            ApplicationNumber: application.applicationNumber,
            Datetime: indiaDateTime(application.updatedAt),
          })),
        };
      }),
  );
}
