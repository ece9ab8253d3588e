/**
 * What the payments context says. The spec's words where it has them (spec 02 §8: the
 * failure modal's reason, the quote failure); the rest is ours, in plain words.
 */
export const PAYMENT_MESSAGES = {
  /** Spec 02 §8, quote failure: the application has no stored quote to take the amount from. */
  noQuote: 'Failed to calculate quote details.',
  /** A second payment of an application already paid (or whose Bima-ASBA mandate is approved). */
  alreadyPaid: 'This application is already paid.',
  /** Pay later asked for while a Bima-ASBA mandate waits in the UPI app. */
  mandatePending:
    'Your Bima-ASBA mandate for this application is waiting for your approval in your UPI app. Approve it there to complete the payment.',
  payMode: 'Please enter valid pay mode.',
  /** Bima-ASBA asked for above the plan's limit (spec 02 §4.7 hides it there); the make-payment step's words. */
  basbaLimit: (limit: string) => `BASBA is available for premiums up to ${limit}. Please pay online.`,
  /** A payment status asked for with a transaction id that is not this window's. */
  unknownPayment: 'No payment with this transaction id was found for this application.',
  invalidTxnid: 'Please enter valid transaction id.',
  /** A stage save that tries to record a payment result: only the gateway's answer may. */
  payLaterOnly: 'Only Pay Later can be saved here; payments are recorded from the payment gateway.',
  /** Spec 02 §5.4: a payment started without the terms accepted on review. */
  termsNotAccepted: 'Please accept (✓) the Terms & Conditions',
  /** The terms accepted were a wording the plan no longer has. */
  termsChanged:
    'Our Terms & Conditions have changed. Please read them again on the review page and accept them.',
  /** A payment started before a journey step that comes before it is saved: {step} is its title. */
  stepIncomplete: 'Please complete {step} before you pay.',
  /** Spec 02 §8, payment failure modal reason. */
  notAuthorized: 'Transaction not Authorized',
  /** Starts of one application's payment kept crossing each other (another window, a double tap). */
  paymentBusy: 'Your payment is being started in another window. Please try again in a moment.',
  /** The gateway's server-to-server notification: what the gateway's operations read. */
  notificationUnreadable: 'This payment notification could not be read.',
  notificationUnverified: 'This payment notification could not be verified.',
  notificationUnknownPayment: 'No payment with this transaction id was found.',
  notificationNotConfirmed:
    'The payment gateway could not confirm this payment just now. Please send the notification again later.',
  /** The refunds listing's state filter. */
  invalidRefundState: 'Please enter valid state: due, requested, refunded or failed.',
} as const;
