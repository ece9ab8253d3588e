import { escapeHtml, hiddenInputs, htmlPage, rupees } from '../htmlPage.ts';
import { normalisedAmount } from '../payuProtocol.ts';
import { FORM_FIELDS, VPA_PATTERN, type SandboxAnswer, type SandboxForm } from './sandboxGateway.ts';

/** The merchant the sandbox collects for (the insurer), as a hosted checkout names it. */
export const SANDBOX_MERCHANT = 'Bimaflow Life Insurance Company Limited';
export const SANDBOX_SCRIPT_PATH = '/payu-sandbox/autosubmit.js';

export const BANNER = `<p class="banner" role="note"><strong>Sandbox gateway.</strong> Test payments only: no money moves.</p>`;

function carried(form: SandboxForm): string {
  return hiddenInputs(Object.fromEntries(FORM_FIELDS.map((field) => [field, form[field]])));
}

function summary(form: SandboxForm): string {
  const amount = normalisedAmount(form.amount) ?? form.amount;
  return `<dl>
<dt>Merchant</dt><dd>${escapeHtml(SANDBOX_MERCHANT)}</dd>
<dt>Product</dt><dd>${escapeHtml(form.productinfo)}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(rupees(amount))}</dd>
<dt>Transaction ID</dt><dd>${escapeHtml(form.txnid)}</dd>
<dt>Paid by</dt><dd>${escapeHtml(form.firstname)}</dd>
</dl>`;
}

/** The hosted page of an online payment: the order, and the two outcomes a tester can choose. */
export function onlinePage(form: SandboxForm, completePath: string): string {
  return htmlPage(
    'Complete your payment',
    `${BANNER}
${summary(form)}
<form method="post" action="${escapeHtml(completePath)}">
${carried(form)}
<div class="actions">
<button type="submit" name="outcome" value="success">Success</button>
<button type="submit" name="outcome" value="failure" class="danger">Failure</button>
</div>
</form>`,
  );
}

/**
 * The hosted page of Bima-ASBA (IRDAI, February 2025): a one-time UPI mandate that blocks the
 * premium in the payer's account, debited only when the proposal is accepted.
 */
export function basbaPage(
  form: SandboxForm,
  completePath: string,
  { vpa = '', error }: { vpa?: string; error?: string } = {},
): string {
  const amount = rupees(normalisedAmount(form.amount) ?? form.amount);
  const describedBy = error ? 'vpa-hint vpa-error' : 'vpa-hint';
  return htmlPage(
    'Approve a Bima-ASBA mandate',
    `${BANNER}
<p>Approve a one-time UPI mandate that blocks ${escapeHtml(amount)} in your bank account. It is
debited only when the insurer accepts your proposal; otherwise the block is released.</p>
${summary(form)}
<form method="post" action="${escapeHtml(completePath)}">
${carried(form)}
<label for="vpa">UPI ID (VPA)</label>
<input type="text" id="vpa" name="vpa" value="${escapeHtml(vpa)}" required pattern="${escapeHtml(VPA_PATTERN.slice(1, -1))}"
  inputmode="email" autocomplete="off" autocapitalize="none" spellcheck="false" placeholder="name@bank"
  aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
<p id="vpa-hint" class="hint">Your UPI ID, like name@bank. Approve the mandate in your UPI app.</p>
${error ? `<p id="vpa-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions">
<button type="submit" name="outcome" value="approve">Approve mandate</button>
<button type="submit" name="outcome" value="later" class="secondary">Approve later in UPI app</button>
<button type="submit" name="outcome" value="decline" class="danger" formnovalidate>Decline</button>
</div>
</form>`,
  );
}

const RESULT_WORDS: Record<SandboxAnswer['status'], string> = {
  success: 'The payment went through.',
  pending: 'The mandate is waiting for your approval in your UPI app.',
  failure: 'The payment did not go through.',
};

/** Posts the gateway's answer back to the merchant, by itself (a script file) or with Continue. */
export function returnPage(answer: SandboxAnswer, words: string = RESULT_WORDS[answer.status]): string {
  return htmlPage(
    'Returning you to the merchant',
    `${BANNER}
<p>${escapeHtml(words)} Taking you back to ${escapeHtml(SANDBOX_MERCHANT)}…</p>
<form method="post" action="${escapeHtml(answer.action)}" data-autosubmit>
${hiddenInputs(answer.fields)}
<div class="actions"><button type="submit">Continue</button></div>
</form>`,
    { scripts: [SANDBOX_SCRIPT_PATH] },
  );
}

/** A form the sandbox refuses, as a gateway's error page says it. */
export function errorPage(reason: string): string {
  return htmlPage(
    'Sorry, this payment cannot be made',
    `${BANNER}
<p>The payment request was not accepted.</p>
<p><strong>Reason:</strong> ${escapeHtml(reason)}</p>
<p>Please go back to the merchant's page and try again.</p>`,
  );
}
