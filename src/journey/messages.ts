/**
 * spec 02 §8: the journey's failure messages, letter for letter. (Its lead failures no longer
 * arise: the server records the lead as part of creating the application, issue 10.)
 */
export const MESSAGES = {
  notProcessed: 'Sorry we couldn’t process your details, please try again',
  editFailed: 'API Gateway Connection Timeout',
} as const;
