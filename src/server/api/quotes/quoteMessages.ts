/**
 * What the quote and document routes say. The spec's words where it has them (spec 02 §5,
 * §8); the rules of the plan itself answer with the basis's messages (pricing-basis.json
 * `messages`), e.g. 'Minimum Investment Amount should be 50,000.'.
 */
export const QUOTE_MESSAGES = {
  /** Spec 02 §8, quote failure: a plan without a calculator, or a product we cannot price. */
  failed: 'Failed to calculate quote details.',
  /** Spec 02 §5.1. */
  fullName: 'Please enter valid Full Name',
  dateOfBirth: 'Please enter valid date of birth.',
  gender: 'Please enter valid gender.',
  productUin: 'Please enter valid product UIN.',
  secondLife: 'Please add the details of the second life for a joint life annuity.',
  employer: 'Employer cannot be empty.',
  employeeCode: 'Employee Code cannot be empty.',
  invalidQuoteNumber: 'Please enter valid quote number.',
  /** The BI or a stored quote asked for with a number that is not a quote of that application. */
  unknownQuote: 'No quote with this number was found for this application.',
  /** A quote stored before its rows were (an older release): its illustration cannot be drawn. */
  staleQuote: 'This quote is no longer available. Please get a new quote.',
  /**
   * The illustration of a quote priced again from its stored inputs and basis version did not
   * give every figure the visitor was shown (the pricing code changed since): it is not given out.
   */
  illustrationChanged:
    'The benefit illustration of this quote can no longer be drawn exactly as it was quoted. Please get a new quote.',
  /** Without an application: a ProposalStartDate more than 30 days from today. */
  proposalDate: 'Enter a valid proposal date',
  /** The brochure of a product we do not sell, or that has no content file. */
  unknownProduct: 'No brochure is available for this product.',
} as const;
