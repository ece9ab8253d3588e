import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PlanContent } from '../../../plans/planContent.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER } from '../../lib/specSchema.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { QUOTE_MESSAGES } from '../quotes/quoteMessages.ts';
import { QUOTE_NUMBER_PATTERN } from '../quotes/quoteNumbers.ts';
import { createIllustratedQuotes } from '../quotes/illustratedQuotes.ts';
import { createPricingBases } from '../quotes/pricingBases.ts';
import { createQuoteRepository } from '../quotes/quoteRepository.ts';
import { quoteOfApplication } from '../quotes/storedQuotes.ts';
import { benefitIllustrationPdf, type Letterhead } from './benefitIllustrationPdf.ts';
import { brochurePdf } from './brochurePdf.ts';
import '../../types.ts';

export const BENEFIT_ILLUSTRATION_PATH = '/proposal_service/v1/bi';
export const BROCHURE_PATH = '/buyonlineoauth/brochure/:productId';

interface BiQuery {
  quoteNumber: string;
  ApplicationNumber: string;
  pdfType?: string;
  Isotpverified?: boolean;
  isVBI?: boolean;
}

/** A PDF answer: the bytes as they are; 4xx answers are the usual JSON errors. */
const PDF_RESPONSES = {
  200: { description: 'A PDF document (application/pdf).', type: 'string', format: 'binary' },
  '4xx': ERROR_ANSWER,
} as const;

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, cacheControl: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('content-length', pdf.length)
    .header('cache-control', cacheControl)
    .send(pdf);
}

/** The letterhead of a product's documents: its content file, or plan.json alone. */
function letterheadOf(productId: string): Letterhead {
  const plan = planFor(productId);
  const content = plan?.content as PlanContent | undefined;
  return {
    insurerName: content?.insurer.name ?? 'Bimaflow Life Insurance Company Limited',
    productIdentification:
      content?.productIdentification.text ??
      (plan ? `${plan.config.productName} | UIN: ${plan.config.uin} | ${plan.config.subTitle}` : ''),
  };
}

/**
 * The documents a visitor downloads: the benefit illustration of a stored quote (spec 02 §7,
 * Bearer and the application's capability) and the product brochure (no auth, public).
 */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  const quotes = createQuoteRepository(app.db);
  const illustrated = createIllustratedQuotes(createPricingBases(app.db));
  const brochures = new Map<string, Buffer>();

  app.get<{ Querystring: BiQuery }>(
    BENEFIT_ILLUSTRATION_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['quoteNumber', 'ApplicationNumber'],
          properties: {
            quoteNumber: {
              type: 'string',
              pattern: QUOTE_NUMBER_PATTERN,
              errorMessage: QUOTE_MESSAGES.invalidQuoteNumber,
            },
            ApplicationNumber: {
              type: 'string',
              pattern: APPLICATION_NUMBER_PATTERN,
              errorMessage: MESSAGES.unknownApplication,
            },
            pdfType: { type: 'string', enum: ['BOTH', 'BI', 'VBI'], default: 'BOTH' },
            Isotpverified: { type: 'boolean' },
            isVBI: { type: 'boolean' },
          },
        },
        response: PDF_RESPONSES,
      },
    },
    async (request, reply) => {
      const { quoteNumber, ApplicationNumber } = request.query;
      const quote = await quoteOfApplication(app, quotes, request, quoteNumber, ApplicationNumber);
      const priced = await illustrated.of(quote, request.log);
      const pdf = await benefitIllustrationPdf(quote, priced, letterheadOf(quote.productId));
      return sendPdf(reply, pdf, `Benefit-Illustration-${quote.quoteNumber}.pdf`, 'private, no-store');
    },
  );

  app.get<{ Params: { productId: string } }>(
    BROCHURE_PATH,
    {
      config: { auth: 'none' },
      schema: {
        params: {
          type: 'object',
          required: ['productId'],
          properties: {
            productId: {
              type: 'string',
              pattern: '^[A-Za-z0-9]{1,10}$',
              errorMessage: QUOTE_MESSAGES.unknownProduct,
            },
          },
        },
        response: PDF_RESPONSES,
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      const plan = planFor(productId);
      const content = plan?.content as PlanContent | undefined;
      if (!plan || !content) throw new ApiError(404, QUOTE_MESSAGES.unknownProduct);
      let pdf = brochures.get(productId);
      if (!pdf) {
        pdf = await brochurePdf(plan.config, content);
        brochures.set(productId, pdf);
      }
      const slug = plan.config.productName.replace(/[^A-Za-z0-9]+/g, '-');
      return sendPdf(reply, pdf, `${productId}-${slug}-Brochure.pdf`, 'public, max-age=3600');
    },
  );
};
