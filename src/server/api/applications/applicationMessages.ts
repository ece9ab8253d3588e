/**
 * What the applications context says to the visitor. The spec's copy (spec 02 §8) is
 * kept letter for letter, misspellings included ('retrive'); the rest is ours.
 */
export const MESSAGES = {
  /** Spec 02 §8, resume fallback; also every stage save of an unknown application. */
  unknownApplication: 'Please enter valid application number',
  /** Spec 02 §8, resume of another product's application. */
  wrongProduct: 'Please enter valid application.',
  /** Spec 02 §8, journeyFlag set. */
  submitted: 'This application is already submitted.',
  /** Spec 02 §8 (spelt so). */
  noBasicDetails: 'Failed to retrive data.',
  /** Spec 02 §8, over 30 days after policy start. */
  expired: 'The Application Number has expired. Please start a new application.',
  /** Spec 02 §8, create or update application / save plan / save additional details not '200'. */
  notProcessed: 'Sorry we couldn’t process your details, please try again',
  staleVersion: 'This application was updated in another window. Please reload the page to continue.',
  noCapability: 'Please resume your application to continue.',
  tooManyAttempts: 'Too many attempts. Please try again after some time.',
  /** The same, when the application's or mobile number's count is used up: its owner is sent a link. */
  tooManyAttemptsLinkSent:
    'Too many attempts. If these details match an application, we have sent a link to continue it to the mobile number and e-mail given on it.',
  /** Field message for a productId, planCode or productUIN that is not this application's. */
  notThisProduct: 'Please enter valid application.',
  /** A change of the holder, insured person or plan of an application already paid for. */
  paidFixed:
    'This application is already paid, so its policy holder, insured person and plan can no longer be changed.',
  /** The same, while a Bima-ASBA mandate for it waits in the UPI app. */
  mandateFixed:
    'A Bima-ASBA mandate for this application is waiting in your UPI app, so its policy holder, insured person and plan cannot be changed now.',
  /** A journey stage (who, the plan, the details it was priced on) saved after payment. */
  paidJourney:
    'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.',
  /** A proposal stage saved before the payment stage was reached. */
  proposalNotOpen: 'Your proposal opens once you have paid your premium or chosen to pay later.',
  /** Submission of a proposal whose premium has not been received (or blocked). */
  premiumNotReceived: 'We have not received your premium yet. Please pay it to submit your proposal.',
  /** Submission with steps incomplete; each step's field error says which. */
  proposalIncomplete: 'Please complete every step of your proposal before submitting it.',
  /** A section of the application this plan has no form for (investment strategies on a plan without the step). */
  notThisPlan: 'This plan does not ask for these details.',
  /** The field message of a step not saved yet: {step} is its title. */
  stepIncomplete: 'Please complete {step}.',
  /** Submission with an e-mandate chosen but not authorised. */
  mandateNotAuthorised: 'Please authorise your e-mandate, or choose to pay renewals yourself.',
} as const;
