import { escapeHtml, htmlPage, rupees } from '../htmlPage.ts';
import { normalisedAmount } from '../payuProtocol.ts';
import type { SandboxAnswer, SandboxForm } from './sandboxGateway.ts';
import { BANNER, SANDBOX_MERCHANT } from './sandboxPages.ts';

/**
 * The sandbox's stand-in for the payer's UPI app: a Bima-ASBA mandate left waiting ("Approve
 * later in UPI app") is approved or declined here, long after the visitor left the gateway.
 * The gateway then tells the merchant server to server; no browser goes back.
 */
export function upiAppPage(form: SandboxForm, action: string): string {
  const amount = rupees(normalisedAmount(form.amount) ?? form.amount);
  return htmlPage(
    'Approve your UPI mandate',
    `${BANNER}
<p>${escapeHtml(SANDBOX_MERCHANT)} asks you to approve a one-time mandate that blocks
${escapeHtml(amount)} in your bank account until your proposal is decided.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(SANDBOX_MERCHANT)}</dd>
<dt>Product</dt><dd>${escapeHtml(form.productinfo)}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>Transaction ID</dt><dd>${escapeHtml(form.txnid)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<div class="actions">
<button type="submit" name="outcome" value="approve">Approve</button>
<button type="submit" name="outcome" value="decline" class="danger">Decline</button>
</div>
</form>`,
  );
}

/** After the tester's choice: the merchant has been told. */
export function upiAppDonePage(answer: SandboxAnswer): string {
  const approved = answer.status === 'success';
  return htmlPage(
    approved ? 'Mandate approved' : 'Mandate declined',
    `${BANNER}
<p>${approved ? 'The premium is blocked in your account.' : 'Nothing is blocked in your account.'}
${escapeHtml(SANDBOX_MERCHANT)} has been told.</p>`,
  );
}
