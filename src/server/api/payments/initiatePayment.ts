import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { indianGrouping } from '../../../pricing/indianGrouping.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import type { Application, ApplicationRepository } from '../applications/applicationRepository.ts';
import { indiaToday } from '../applications/policyDates.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { hasExpired } from '../applications/resumeRules.ts';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { ApplicationState } from '../../../../engine/state/applicationState.ts';
import { buildQuoteRequest } from '../../../journey/quote/quoteRequest.ts';
import { isStaff } from '../quotes/quoteRequest.ts';
import type { StoredQuoteResponse } from '../quotes/storedQuotes.ts';
import type { QuoteRepository } from '../quotes/quoteRepository.ts';
import { PAYMENT_MESSAGES } from './paymentMessages.ts';
import { termsVersion, type TermsWording } from '../../../shared/termsVersion.ts';
import { stepErrors, stepSaved, stepTitle } from '../../plans/stepData.ts';
import { STAGES } from '../applications/stages.ts';
import { paymentOf, type PayMode } from './paymentPlan.ts';
import type { Payment, PaymentRepository } from './paymentRepository.ts';
import type { GatewayVerifier } from './gatewayVerifier.ts';
import { reviewOpenPayment, startTransaction, type OpenDecision } from './openTransaction.ts';
import { gatewayAmount, gatewayName, gatewayText, requestHash, type PaymentForm } from './payuProtocol.ts';
import { gatewayReturnAddress } from './gatewayReturnAddress.ts';

export const PAYMENT_RESPONSE_PATH = '/buyonlineoauth/payments/response';

/** Rounds of a start (another start of the same application won, or a txnid was drawn twice) before giving up. */
const MAX_START_ROUNDS = 5;

/** Our transaction ids: 'BF' and 20 random hex digits (PayU allows 25 letters and digits). */
export const TXNID_PATTERN = '^[A-Za-z0-9]{1,25}$';

export function newTxnid(): string {
  return `BF${randomBytes(10).toString('hex').toUpperCase()}`;
}

export interface InitiateRequest {
  applicationNumber: string;
  payMode: PayMode;
  /** The Terms & Conditions accepted on review, and the version of the wording shown (src/shared/termsVersion.ts). */
  termsAccepted?: boolean;
  termsVersion?: string;
}

/** Sections the journey's stages save (a step binding another place, as review's terms, saves nothing). */
const STAGE_SECTIONS = new Set(STAGES.flatMap(({ section, alsoSaves = [] }) => [section, ...alsoSaves]));

/**
 * The journey's steps before the payment's (make-payment, whose submit starts it) that save
 * what the payment is for, each saved and valid as its own schema says on the stored
 * application; 422 naming the first that is not ('after basic details alone' no payment starts).
 */
function assertJourneyComplete(plan: LoadedPlan, application: Application): void {
  const steps = Object.values(plan.steps);
  const payment = steps.findIndex((step) => step.definition.submit?.type === 'startPayment');
  for (const step of steps.slice(0, payment < 0 ? steps.length : payment)) {
    const section = Object.values(step.definition.bind)[0]?.split('/')[1];
    if (!section || !STAGE_SECTIONS.has(section)) continue;
    const incomplete = !stepSaved(step, application.state) || stepErrors(step, application.state).length > 0;
    if (incomplete) {
      const message = PAYMENT_MESSAGES.stepIncomplete.replace('{step}', stepTitle(step));
      throw new ApiError(422, message, [{ field: section, message }]);
    }
  }
}

/** The terms accepted, of the wording the plan has now (spec 02 §5.4); 422 otherwise. */
function assertTermsAccepted(plan: LoadedPlan, request: InitiateRequest): { version: string } | undefined {
  const terms = (plan.content as { termsAndConditions?: TermsWording } | undefined)?.termsAndConditions;
  if (!terms) return undefined;
  const refuse = (message: string) => new ApiError(422, message, [{ field: 'termsAccepted', message }]);
  if (request.termsAccepted !== true) throw refuse(PAYMENT_MESSAGES.termsNotAccepted);
  const version = termsVersion(terms);
  if (request.termsVersion !== version) throw refuse(PAYMENT_MESSAGES.termsChanged);
  return { version };
}

/** What the browser posts to the gateway: `action`, method POST and these fields, as they are. */
export interface PaymentFormAnswer {
  status: '200';
  txnid: string;
  action: string;
  method: 'POST';
  fields: PaymentForm;
}

type Json = Record<string, unknown>;

/** A value with its amounts ungrouped and numbers as text; objects by sorted key, empty parts left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Json)[key])] as const)
      .filter(([, item]) => item !== '' && !(item && typeof item === 'object' && !Object.keys(item).length));
    return Object.fromEntries(entries);
  }
  if (typeof value === 'string' && /^[0-9][0-9,]*$/.test(value)) return value.replace(/,/g, '');
  return value === undefined || value === null ? '' : String(value);
}

/**
 * An input as the quote service compares it: amounts without grouping, numbers as text, and
 * an input made of parts (a fund split, the funds picked, riders) part by part.
 */
export function comparable(value: unknown): string {
  const shown = canonical(value);
  return typeof shown === 'string' ? shown : JSON.stringify(shown);
}

/** The parts of a life that price it. */
const pricedLife = (life: Json | undefined) =>
  life ? [life.DOB, life.Gender, life.IsSmoker === true].map(comparable).join('|') : '';

/**
 * Whether the stored quote priced what the application holds: the request the journey would
 * build from the stored application (src/journey/quote/quoteRequest.ts, the same code) has
 * the same lives (date of birth, gender, smoker), the same staff answer and the same plan
 * inputs. Fields the quote service did not keep were not priced and cannot make it stale.
 */
function quotesTheApplication(plan: LoadedPlan, state: Json, request: Json): boolean {
  const expected = buildQuoteRequest(state as unknown as ApplicationState, plan.config, '');
  const priced = (request.PlanSectionDetails ?? {}) as Json;
  const plain = expected.PlanSectionDetails as Json;
  const inputs = Object.keys(plan.config.quote?.planSection ?? {}).every(
    (field) => !(field in priced) || comparable(plain[field]) === comparable(priced[field]),
  );
  const staff = Boolean(plain.IsStaff) === isStaff(priced.IsStaff as boolean | string | undefined);
  const lives =
    pricedLife(expected.LifeAssuredDetail as Json) === pricedLife(request.LifeAssuredDetail as Json) &&
    pricedLife(expected.SecondaryLifeAssuredDetail as Json | undefined) ===
      pricedLife(request.SecondaryLifeAssuredDetail as Json | undefined);
  return inputs && staff && lives;
}

/** The first instalment with GST of the application's own stored quote; 422 when there is none. */
async function amountToPay(application: Application, quotes: QuoteRepository): Promise<number> {
  const noQuote = () => new ApiError(422, PAYMENT_MESSAGES.noQuote);
  const planDetails = (application.state.planDetails ?? {}) as Json;
  const quoteNumber = planDetails.quoteNumber;
  if (typeof quoteNumber !== 'string' || !quoteNumber) throw noQuote();
  const quote = await quotes.find(quoteNumber);
  if (
    !quote ||
    quote.applicationNumber !== application.applicationNumber ||
    quote.productId !== application.productId
  ) {
    throw noQuote();
  }
  const details = (quote.response as unknown as StoredQuoteResponse).answer?.data?.quotePlanSectionDetails;
  const amount = details?.installmentPremiumWithTaxFY;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw noQuote();
  // The quote must be of the lives and the plan the application holds: a quote of the same
  // application for other inputs (an older, cheaper one, or another age) does not set the price.
  const plan = planFor(application.productId);
  if (!plan || !quotesTheApplication(plan, application.state, quote.request as Json)) throw noQuote();
  return amount;
}

function holderOf(application: Application) {
  const basicDetails = (application.state.basicDetails ?? {}) as { policyHolder?: Json };
  const holder = basicDetails.policyHolder ?? {};
  const fullName = gatewayName(holder.fullName);
  const individual = holder.proposalType === undefined || holder.proposalType === 'Individual';
  return {
    // PayU's firstname: the first name of a person, the whole name of an organisation.
    firstname: gatewayName(holder.firstname) || (individual ? (fullName.split(' ')[0] ?? '') : fullName),
    email: gatewayText(holder.emailId, 50),
    phone: typeof holder.mobileNumber === 'string' ? holder.mobileNumber.replace(/[^0-9]/g, '') : '',
  };
}

/**
 * Starts a payment (issue 5): checks the application may pay in this mode, that every step
 * before the payment is saved and valid and the terms were accepted, takes the amount
 * from the server's own stored quote, records the payment as 'initiated' and answers the
 * signed form the browser posts to the gateway. The salt signs; it is never in the answer.
 * While the application has an open transaction, that one is answered again (issue 19,
 * openTransaction.ts), unless it is to be abandoned.
 */
export async function initiatePayment(
  app: FastifyInstance,
  request: FastifyRequest,
  repositories: {
    applications: ApplicationRepository;
    quotes: QuoteRepository;
    payments: PaymentRepository;
    verifier: GatewayVerifier;
  },
  body: InitiateRequest,
): Promise<PaymentFormAnswer> {
  const { applicationNumber, payMode } = body;
  requireCapability(app, request, applicationNumber);
  const application = await repositories.applications.find(applicationNumber);
  if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
  if (application.journeyFlag) throw new ApiError(409, MESSAGES.submitted);
  if (hasExpired(application, indiaToday(app.serverConfig.now?.())))
    throw new ApiError(410, MESSAGES.expired);
  const plan = planFor(application.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  const payment = paymentOf(plan);
  if (!payment.modes.includes(payMode)) {
    throw new ApiError(422, PAYMENT_MESSAGES.payMode, [
      { field: 'payMode', message: PAYMENT_MESSAGES.payMode },
    ]);
  }
  if (await repositories.payments.isPaid(applicationNumber))
    throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaid);
  assertJourneyComplete(plan, application);
  const terms = assertTermsAccepted(plan, body);

  const rupees = await amountToPay(application, repositories.quotes);
  const limit = payment.basbaMaximumPremium;
  if (payMode === 'BASBA' && limit !== undefined && rupees > limit) {
    const message = PAYMENT_MESSAGES.basbaLimit(indianGrouping(limit));
    throw new ApiError(422, message, [{ field: 'payMode', message }]);
  }

  const { key, salt, gatewayUrl, basbaGatewayUrl, sessionMinutes } = app.serverConfig.payment;
  const surl = gatewayReturnAddress(app.serverConfig.payment, PAYMENT_RESPONSE_PATH);
  const unsigned = (txnid: string) => ({
    key,
    txnid,
    amount: gatewayAmount(rupees),
    productinfo: gatewayText(plan.config.productName, 100),
    ...holderOf(application),
    surl,
    furl: surl,
    udf1: application.applicationNumber,
    udf2: payMode,
    udf3: application.productId,
    udf4: application.proposalNumber,
    udf5: '',
  });
  const answer = (payment: Payment): PaymentFormAnswer => ({
    status: '200',
    txnid: payment.txnid,
    action: payment.payMode === 'BASBA' ? basbaGatewayUrl : gatewayUrl,
    method: 'POST',
    fields: payment.payload.request as PaymentForm,
  });

  // One open transaction per application (openTransaction.ts): a second start answers it again.
  for (let round = 0; round < MAX_START_ROUNDS; round += 1) {
    const now = app.serverConfig.now?.() ?? new Date();
    const open = await repositories.payments.findOpen(applicationNumber);
    const decision: OpenDecision = open
      ? await reviewOpenPayment(
          { db: app.db, verifier: repositories.verifier, log: request.log, salt, sessionMinutes, now },
          open,
          { payMode, form: unsigned(open.txnid) },
        )
      : { kind: 'start' };
    if (decision.kind === 'paid') throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaid);
    if (decision.kind === 'reuse') return answer(decision.payment);
    if (decision.abandon) {
      request.log.info(
        { txnid: decision.abandon.txnid, reason: decision.abandon.reason },
        'payment abandoned',
      );
    }
    const txnid = newTxnid();
    const fields: PaymentForm = { ...unsigned(txnid), hash: requestHash(unsigned(txnid), salt) };
    const recorded = await startTransaction(
      app.db,
      {
        applicationNumber,
        productId: application.productId,
        txnid,
        payMode,
        amount: fields.amount,
        payload: {
          request: fields,
          quoteNumber: (application.state.planDetails as Json).quoteNumber,
          // What the buyer accepted to pay: the wording's version, and when.
          ...(terms ? { terms: { ...terms, acceptedAt: now.toISOString() } } : {}),
        },
      },
      decision.abandon,
      now,
    );
    if (recorded) return answer(recorded);
  }
  // Each round lost to another start of the same application (or a txnid drawn twice).
  throw new ApiError(409, PAYMENT_MESSAGES.paymentBusy);
}
