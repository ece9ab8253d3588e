import type { Queryable } from '../../db/Db.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { ifscRegistry } from '../ifsc/ifscRegistry.ts';
import { isIfsc } from '../ifsc/ifscField.ts';
import { IFSC_MESSAGES } from '../ifsc/ifscRoutes.ts';
import type { StoredQuoteResponse } from '../quotes/storedQuotes.ts';
import { createQuoteRepository } from '../quotes/quoteRepository.ts';
import type { ApplicationState } from './applicationRepository.ts';

/*
 * What the proposal's checks read that the server knows better than the browser
 * (docs/design/proposal.md): the annual premium the PAN rule reads is the stored quote's, the
 * one the premium was paid from, never the browser's copy in planDetails; a bank account's
 * bank is the IFSC registry's; an e-mandate registered for one account does not hold for another.
 */

type Json = Record<string, unknown>;

/** An annual premium for an application without a stored quote: the strictest rule holds (PAN). */
const UNKNOWN_PREMIUM = Number.MAX_SAFE_INTEGER;

/**
 * The application as the proposal's schemas read it: planDetails.annualPremium from the
 * stored quote that planDetails.quoteNumber names (of this application).
 */
export async function withPricedPremium(
  db: Queryable,
  applicationNumber: string,
  state: ApplicationState,
): Promise<ApplicationState> {
  const planDetails = (state.planDetails ?? {}) as Json;
  const quoteNumber = planDetails.quoteNumber;
  const quote =
    typeof quoteNumber === 'string' && quoteNumber
      ? await createQuoteRepository(db).find(quoteNumber)
      : undefined;
  const priced =
    quote?.applicationNumber === applicationNumber
      ? (quote.response as unknown as StoredQuoteResponse).answer?.data?.quotePlanSectionDetails
          ?.annualPremium
      : undefined;
  const annualPremium = typeof priced === 'number' && Number.isFinite(priced) ? priced : UNKNOWN_PREMIUM;
  return { ...state, planDetails: { ...planDetails, annualPremium } };
}

/**
 * A bank-details save with the bank and branch the registry gives its IFSC (not the browser's
 * words); a field error when the registry does not know the IFSC.
 */
export async function withRegistryBank(
  patch: ApplicationState,
): Promise<{ patch: ApplicationState; errors: FieldError[] }> {
  const primary = (patch.bankDetails as { primary?: Json } | undefined)?.primary;
  // An IFSC not of the shape is the schema's to refuse; the registry is asked of the others.
  if (!primary || typeof primary.ifsc !== 'string' || !isIfsc(primary.ifsc.toUpperCase())) {
    return { patch, errors: [] };
  }
  const record = (await ifscRegistry()).lookup(primary.ifsc.toUpperCase());
  if (!record) {
    return { patch, errors: [{ field: 'bankDetails.primary.ifsc', message: IFSC_MESSAGES.unknown }] };
  }
  const branch = [record.branch, record.city].filter(Boolean).join(', ');
  const { branch: _sent, ...rest } = primary;
  const bank = { ...rest, bankName: record.bank, ...(branch ? { branch } : {}) };
  return { patch: { ...patch, bankDetails: { ...(patch.bankDetails as Json), primary: bank } }, errors: [] };
}

/**
 * An e-mandate registered for the stored account no longer holds once the account changes:
 * the save clears its outcome (the buyer authorises the new account's), keeping their choice.
 */
export function withMandateOfAccount(patch: ApplicationState, current: ApplicationState): ApplicationState {
  const account = (state: ApplicationState) => {
    const primary = (state.bankDetails as { primary?: Json } | undefined)?.primary ?? {};
    return `${String(primary.accountNumber ?? '')}|${String(primary.ifsc ?? '').toUpperCase()}`;
  };
  const mandate = (current.eMandateDetails as { primary?: Json } | undefined)?.primary;
  if (!patch.bankDetails || !mandate?.status || account(patch) === account(current)) return patch;
  const kept = {
    choice: mandate.choice,
    ...(mandate.debitDay !== undefined ? { debitDay: mandate.debitDay } : {}),
  };
  return { ...patch, eMandateDetails: { primary: kept } };
}
