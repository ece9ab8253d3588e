import { escapeHtml, hiddenInputs, htmlPage, rupees } from '../htmlPage.ts';
import { maskedAccount, type SiDetails } from '../mandateProtocol.ts';
import { normalisedAmount } from '../payuProtocol.ts';
import type { VerifiedMandateForm } from './sandboxMandate.ts';
import { BANNER, SANDBOX_MERCHANT } from './sandboxPages.ts';

/** RBI's e-mandate framework: recurring debits up to ₹1,00,000 for insurance premiums need no additional factor of authentication. */
export const RBI_MANDATE_NOTE =
  'For renewal premiums up to ₹1,00,000 no extra authentication is needed for each debit.';

/** 'yyyy-mm-dd' as 'dd/mm/yyyy' (ARCHITECTURE principle 9). */
function indianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return day && month && year ? `${day}/${month}/${year}` : iso;
}

/** How often the mandate debits, as a bank's mandate page says it. */
function frequencyWords({
  billingCycle,
  billingInterval,
}: Pick<SiDetails, 'billingCycle' | 'billingInterval'>) {
  const every = Number(billingInterval);
  if (billingCycle === 'YEARLY') return every === 1 ? 'Every year' : `Every ${every} years`;
  if (billingCycle === 'MONTHLY') return every === 1 ? 'Every month' : `Every ${every} months`;
  return String(billingCycle);
}

/**
 * The bank's page of an e-mandate (e-NACH) registration: the account debited (masked), the
 * most one debit may take, how often and between which dates, with Approve and Reject.
 */
export function mandatePage({ form, terms, account }: VerifiedMandateForm, completePath: string): string {
  const maximum = rupees(
    normalisedAmount(terms.billingAmount) ?? normalisedAmount(form.amount) ?? form.amount,
  );
  return htmlPage(
    'Approve your e-mandate',
    `${BANNER}
<p>${escapeHtml(SANDBOX_MERCHANT)} asks for a standing mandate to collect your renewal premiums from
your bank account. Each debit is at most the amount below; you can cancel the mandate with your bank
at any time.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(SANDBOX_MERCHANT)}</dd>
<dt>Product</dt><dd>${escapeHtml(form.productinfo)}</dd>
<dt>Account holder</dt><dd>${escapeHtml(account.beneficiaryName)}</dd>
<dt>Bank account</dt><dd>${escapeHtml(maskedAccount(String(account.beneficiaryAccountNumber)))}</dd>
<dt>IFSC</dt><dd>${escapeHtml(account.beneficiaryIfsc)}</dd>
<dt>Maximum debit</dt><dd class="amount">${escapeHtml(maximum)}</dd>
<dt>Frequency</dt><dd>${escapeHtml(frequencyWords(terms))}</dd>
<dt>First debit</dt><dd>${escapeHtml(indianDate(String(terms.paymentStartDate)))}</dd>
<dt>Last debit</dt><dd>${escapeHtml(indianDate(String(terms.paymentEndDate)))}</dd>
<dt>Mandate ID</dt><dd>${escapeHtml(form.txnid)}</dd>
</dl>
<p class="hint" role="note">${escapeHtml(RBI_MANDATE_NOTE)}</p>
<form method="post" action="${escapeHtml(completePath)}">
${hiddenInputs(form)}
<div class="actions">
<button type="submit" name="outcome" value="approve">Approve</button>
<button type="submit" name="outcome" value="reject" class="danger">Reject</button>
</div>
</form>`,
  );
}
