/**
 * spec 02 §8: the journey's failure messages, letter for letter. (Its lead failures no longer
 * arise: the server records the lead as part of creating the application, issue 10.)
 */
export const MESSAGES = {
  notProcessed: 'Sorry we couldn’t process your details, please try again',
  /** Ours: a form whose code or validators could not be downloaded (src/app/journey/FormGate.tsx). */
  formNotLoaded: 'We could not load this form. Please check your connection and try again.',
  editFailed: 'API Gateway Connection Timeout',
} as const;

/** Said when what a submit needs could not be downloaded (a dropped connection): the spec's words for a submit that failed. */
export const NEXT_STEP_NOT_LOADED = MESSAGES.notProcessed;
