/* global document */
// The sandbox gateway's return page posts the gateway's answer back to the merchant at once,
// as a real gateway's page does. A file, not an inline script: our CSP forbids inline scripts.
// Without JavaScript the page's visible Continue button does the same.
const form = document.querySelector('form[data-autosubmit]');
if (form) form.submit();
