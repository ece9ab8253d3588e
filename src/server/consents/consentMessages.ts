/** What the consents context says to the visitor, in plain words. */
export const CONSENT_MESSAGES = {
  /**
   * A consent given to a wording that is not the plan's now (or with no wording named): the
   * page was loaded before the wording changed.
   */
  staleWording:
    'We have updated the wording of this consent since the page was loaded. Please reload the page, read it again and tick the box if you agree.',
  /** A consent given with no wording version named (consentVersions missing from the request). */
  wordingNotNamed:
    'This consent cannot be recorded without the version of its wording that was shown. Please reload the page and tick the box again.',
  /** A withdrawal of a consent that is a condition of the application (disclaimer 1). */
  required:
    'This authorisation is needed to process your application, so it cannot be withdrawn here. Please contact our Help Center to withdraw it.',
  /** A consent kind this application's plan does not ask for. */
  unknownKind: 'Please choose one of the consents shown for this application.',
} as const;
