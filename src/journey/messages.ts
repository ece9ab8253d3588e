/** spec 02 §8: the journey's failure messages, letter for letter. */
export const MESSAGES = {
  notProcessed: 'Sorry we couldn’t process your details, please try again',
  leadFailed: 'failed to generate lead',
  leadThrew: 'Failed to generate Lead.',
  editFailed: 'API Gateway Connection Timeout',
} as const;
