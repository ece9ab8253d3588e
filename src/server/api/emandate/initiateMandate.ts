import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import type { Application, ApplicationRepository } from '../applications/applicationRepository.ts';
import { indiaToday } from '../applications/policyDates.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { hasExpired } from '../applications/resumeRules.ts';
import { isIfsc } from '../ifsc/ifscField.ts';
import {
  MANDATE_KIND,
  mandateRequestHash,
  SANDBOX_EMANDATE_PATH,
  type BeneficiaryDetail,
  type MandateForm,
} from '../payments/mandateProtocol.ts';
import { PAYMENT_MESSAGES } from '../payments/paymentMessages.ts';
import { gatewayAmount, gatewayName, gatewayText } from '../payments/payuProtocol.ts';
import type { QuoteRepository } from '../quotes/quoteRepository.ts';
import type { StoredQuoteResponse } from '../quotes/storedQuotes.ts';
import { MANDATE_MESSAGES } from './mandateMessages.ts';
import type { MandateRepository } from './mandateRepository.ts';
import { mandateTerms, type MandateTerms } from './mandateTerms.ts';
import { premiumReceived } from '../applications/paidApplication.ts';
import { gatewayReturnAddress } from '../payments/gatewayReturnAddress.ts';

export const MANDATE_RESPONSE_PATH = '/buyonlineoauth/emandate/response';

/** Our mandate ids: 'BFM' and 20 random hex digits (the gateway's txnid allows 25 letters and digits). */
export const MANDATE_ID_PATTERN = '^BFM[0-9A-F]{20}$';

/** Drawing a mandate id again after this many collisions means something else is wrong. */
const MAX_ID_DRAWS = 5;

export function newMandateId(): string {
  return `BFM${randomBytes(10).toString('hex').toUpperCase()}`;
}

export interface InitiateMandateRequest {
  applicationNumber: string;
  /** The version the browser holds: the bank account it shows is the one stored. */
  version: number;
  /** The day of the month (1 to 28) to debit renewals on; else the one the e-mandate step saved, if any. */
  debitDay?: number;
}

/** What the browser posts to the gateway, as a payment's form: `action`, method POST and these fields. */
export interface MandateFormAnswer {
  status: '200';
  mandateId: string;
  action: string;
  method: 'POST';
  fields: MandateForm;
}

type Json = Record<string, unknown>;

interface BankAccount {
  accountNumber: string;
  ifsc: string;
  accountHolderName: string;
  accountType: string;
}

/** bankDetails.primary with an account number, an IFSC of the right shape and the holder's name; 422 otherwise. */
function bankAccountOf(application: Application): BankAccount {
  const bank = ((application.state.bankDetails as Json | undefined)?.primary ?? {}) as Json;
  const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const account = {
    accountNumber: textOf(bank.accountNumber).replace(/\s+/g, ''),
    ifsc: textOf(bank.ifsc).toUpperCase(),
    accountHolderName: gatewayText(bank.accountHolderName, 100),
    // PayU's account types: a current account, or (anything else) a savings one.
    accountType: /current/i.test(textOf(bank.accountType)) ? 'CURRENT' : 'SAVINGS',
  };
  const missing: FieldError[] = [];
  const refuse = (field: string) =>
    missing.push({ field: `bankDetails.primary.${field}`, message: MANDATE_MESSAGES.noBankAccount });
  if (!/^[0-9A-Za-z]{4,34}$/.test(account.accountNumber)) refuse('accountNumber');
  if (!isIfsc(account.ifsc)) refuse('ifsc');
  if (!account.accountHolderName) refuse('accountHolderName');
  if (missing.length) throw new ApiError(422, MANDATE_MESSAGES.noBankAccount, missing);
  return account;
}

/**
 * The renewal premium from the application's own stored quote, the one its payment took the
 * first premium from (planDetails.quoteNumber, fixed once paid): the server's figure, never
 * the browser's copy in planDetails.response.
 */
async function termsOf(
  application: Application,
  quotes: QuoteRepository,
  debitDay: number | undefined,
): Promise<MandateTerms> {
  const noQuote = () => new ApiError(422, PAYMENT_MESSAGES.noQuote);
  const quoteNumber = (application.state.planDetails as Json | undefined)?.quoteNumber;
  if (typeof quoteNumber !== 'string' || !quoteNumber) throw noQuote();
  const quote = await quotes.find(quoteNumber);
  if (!quote || quote.applicationNumber !== application.applicationNumber) throw noQuote();
  const details = (quote.response as unknown as StoredQuoteResponse).answer?.data?.quotePlanSectionDetails;
  if (!details) throw noQuote();
  const amount = Number(details.installmentPremiumWithTaxFY ?? details.annualPremium);
  const terms = mandateTerms(
    application.policyStartDate ?? indiaToday(),
    {
      amount,
      frequency: String(details.premiumFrequency ?? ''),
      premiumPayingTerm: Number(details.premiumPayingTerm),
    },
    debitDay,
  );
  if (!terms) throw new ApiError(422, MANDATE_MESSAGES.noRenewals);
  return terms;
}

/** The debit day asked for, else the one the e-mandate step saved (eMandateDetails.primary.debitDay). */
function debitDayOf(application: Application, asked: number | undefined): number | undefined {
  const saved = ((application.state.eMandateDetails as Json | undefined)?.primary as Json | undefined)
    ?.debitDay;
  const day = asked ?? saved;
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 28 ? day : undefined;
}

/**
 * The payer as the gateway's form names them: the account holder (PayU's firstname, the first
 * word of their name), reached at the policy holder's email and mobile.
 */
function payerOf(application: Application, account: BankAccount) {
  const holder = ((application.state.basicDetails as Json | undefined)?.policyHolder ?? {}) as Json;
  return {
    firstname: gatewayName(account.accountHolderName).split(' ')[0] ?? '',
    email: gatewayText(holder.emailId, 50),
    phone: typeof holder.mobileNumber === 'string' ? holder.mobileNumber.replace(/[^0-9]/g, '') : '',
  };
}

/**
 * Starts a renewal e-mandate: checks the application may have one (its capability, not
 * submitted or expired, the browser's version current, the first premium paid, a bank account
 * saved, renewals to collect), records the mandate as 'initiated' and answers the signed form
 * the browser posts to the gateway's mandate page, as a payment's. The salt signs; it is
 * never in the answer.
 */
export async function initiateMandate(
  app: FastifyInstance,
  request: FastifyRequest,
  repositories: { applications: ApplicationRepository; quotes: QuoteRepository; mandates: MandateRepository },
  { applicationNumber, version, debitDay }: InitiateMandateRequest,
): Promise<MandateFormAnswer> {
  requireCapability(app, request, applicationNumber);
  const application = await repositories.applications.find(applicationNumber);
  if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
  if (application.journeyFlag) throw new ApiError(409, MESSAGES.submitted);
  if (hasExpired(application, indiaToday(app.serverConfig.now?.())))
    throw new ApiError(410, MESSAGES.expired);
  if (application.version !== version) throw new ApiError(409, MESSAGES.staleVersion);
  const plan = planFor(application.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  if (!premiumReceived(application)) throw new ApiError(422, MANDATE_MESSAGES.notPaid);
  const account = bankAccountOf(application);
  const terms = await termsOf(application, repositories.quotes, debitDayOf(application, debitDay));
  // A second mandate on the same account would debit each renewal twice; another account may replace it.
  if (await repositories.mandates.isRegistered(applicationNumber, account)) {
    throw new ApiError(409, MANDATE_MESSAGES.alreadyRegistered);
  }
  // Only the built-in sandbox registers mandates so far: a real gateway's answer would need
  // its own verification (see docs/api/payments.md).
  const { key, salt, sandbox } = app.serverConfig.payment;
  if (!sandbox) throw new ApiError(422, MANDATE_MESSAGES.unavailable);

  const beneficiary: BeneficiaryDetail = {
    beneficiaryName: account.accountHolderName,
    beneficiaryAccountNumber: account.accountNumber,
    beneficiaryIfsc: account.ifsc,
    beneficiaryAccountType: account.accountType,
  };
  const surl = gatewayReturnAddress(app.serverConfig.payment, MANDATE_RESPONSE_PATH);
  for (let draw = 0; draw < MAX_ID_DRAWS; draw += 1) {
    const mandateId = newMandateId();
    const unsigned = {
      key,
      txnid: mandateId,
      amount: gatewayAmount(terms.maxAmount),
      productinfo: gatewayText(plan.config.productName, 100),
      ...payerOf(application, account),
      surl,
      furl: surl,
      udf1: application.applicationNumber,
      udf2: MANDATE_KIND,
      udf3: application.productId,
      udf4: application.proposalNumber,
      udf5: '',
      si: '1',
      api_version: '7',
      pg: 'ENACH',
      si_details: JSON.stringify(terms.siDetails),
      beneficiarydetail: JSON.stringify(beneficiary),
    };
    const fields: MandateForm = { ...unsigned, hash: mandateRequestHash(unsigned, salt) };
    const recorded = await repositories.mandates.insert({
      applicationNumber,
      mandateId,
      maxAmount: fields.amount,
      frequency: terms.frequency,
      payload: {
        request: fields,
        account: { accountNumber: account.accountNumber, ifsc: account.ifsc },
        ...(terms.debitDay === undefined ? {} : { debitDay: terms.debitDay }),
        productId: application.productId,
      },
    });
    if (!recorded) continue;
    return { status: '200', mandateId, action: SANDBOX_EMANDATE_PATH, method: 'POST', fields };
  }
  throw new Error(`no free mandate id after ${MAX_ID_DRAWS} draws`);
}
