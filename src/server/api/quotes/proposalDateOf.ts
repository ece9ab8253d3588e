import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { createApplicationRepository } from '../applications/applicationRepository.ts';
import { daysBetween, indiaToday, toIsoDate } from '../applications/policyDates.ts';
import { isPaid, paidJourneyMessage } from '../applications/paidApplication.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { resumeRefusal } from '../applications/resumeRules.ts';
import type { QuoteRequest } from './quoteRequest.ts';
import '../../types.ts';

/** A visitor's request is priced only this many days either side of today. */
export const PROPOSAL_DATE_WINDOW_DAYS = 30;

/**
 * The date the quote is priced at (ages, GST row). A quote for an application uses its policy
 * start date, whatever the request says; otherwise ProposalStartDate when given, within
 * 30 days of today in India (undefined when it is not), else today. Reading the application
 * never changes it: a quote is stored beside the application, whose plan only a stage save
 * changes.
 */
export async function proposalDateOf(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: QuoteRequest }>,
  productId: string,
): Promise<{ proposalDate: string | undefined; applicationNumber: string | null }> {
  const today = indiaToday(app.serverConfig.now?.());
  const applicationNumber = request.body.ApplicationNumber || undefined;
  if (applicationNumber) {
    requireCapability(app, request, applicationNumber);
    const application = await createApplicationRepository(app.db).find(applicationNumber);
    if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
    app.policyStartDates.remember(applicationNumber, application.policyStartDate);
    const refused = resumeRefusal(application, productId, today);
    if (refused) throw refused;
    // What a paid application's premium was calculated on no longer changes: no new quote of it.
    if (isPaid(application)) throw new ApiError(409, paidJourneyMessage(application));
    return { proposalDate: application.policyStartDate ?? today, applicationNumber };
  }
  const sent = request.body.PlanSectionDetails.ProposalStartDate;
  if (!sent) return { proposalDate: today, applicationNumber: null };
  const date = toIsoDate(sent);
  const inWindow = date && Math.abs(daysBetween(today, date)) <= PROPOSAL_DATE_WINDOW_DAYS;
  return { proposalDate: inWindow ? date : undefined, applicationNumber: null };
}
