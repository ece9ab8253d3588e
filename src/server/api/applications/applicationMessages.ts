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
  /** Field message for a productId, planCode or productUIN that is not this application's. */
  notThisProduct: 'Please enter valid application.',
} as const;
