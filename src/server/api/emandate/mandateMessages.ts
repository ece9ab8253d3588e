/** What the e-mandate context says, in plain words (the spec has none for it). */
export const MANDATE_MESSAGES = {
  /** The premium is neither paid nor blocked by an approved Bima-ASBA mandate. */
  notPaid: 'Please pay your first premium before setting up the e-mandate.',
  /** bankDetails.primary lacks the account number, IFSC or account holder's name. */
  noBankAccount: 'Please add your bank account first.',
  /** A single premium, or a plan whose premiums are all paid with the first one. */
  noRenewals: 'Your plan has no renewal premiums, so no e-mandate is needed.',
  /** The same account already carries a registered mandate for this application. */
  alreadyRegistered: 'Your e-mandate for this bank account is already registered.',
  /** No e-mandate gateway is configured (a real payment gateway without one). */
  unavailable:
    'Setting up an e-mandate is not available at the moment. You can pay your renewal premiums online when they are due.',
} as const;
