import { CHAT_TEXT_MAX, CHAT_WORDS, chatTextProblem } from '../../../shared/chatApi.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { object, optionalText, text, type JsonSchema } from '../../lib/specSchema.ts';

/*
 * The chat's requests and answers (issue 20). A message's text is checked again after trimming
 * (chatTextProblem): the schema bounds what is read at all, with the same words.
 */

/**
 * The message's text as sent: spaces around it are allowed here and trimmed before the real
 * check; the schema only stops what is far too long to read.
 */
export const messageText = (): JsonSchema => ({
  type: 'string',
  title: 'Your message',
  minLength: 1,
  maxLength: CHAT_TEXT_MAX * 4,
  errorMessage: { type: CHAT_WORDS.empty, minLength: CHAT_WORDS.empty, maxLength: CHAT_WORDS.tooLong },
});

/** A message's text without surrounding spaces, or a 400 naming the field. */
export function checkedText(text: string): string {
  const problem = chatTextProblem(text);
  if (problem) throw new ApiError(400, problem, [{ field: 'text', message: problem }]);
  return text.trim();
}

export function visitorMessageBody(): JsonSchema {
  return object(
    {
      text: messageText(),
      productId: optionalText('Product Id', { pattern: '^[A-Za-z0-9]{1,10}$' }),
      step: {
        ...optionalText('Step', { maxLength: 80, pattern: '^[a-z0-9][a-z0-9/?=-]*$' }),
        description:
          "The step the visitor is on (a journey step id or a proposal route, e.g. 'plan-details').",
      },
      applicationNumber: optionalText('Application Number', { pattern: '^[A-Za-z0-9]{1,11}$' }),
    },
    ['text'],
    { text: CHAT_WORDS.empty },
  );
}

export function pollQuery(): JsonSchema {
  return object({
    after: text('After', { pattern: '^[0-9]{1,18}$' }, 'Please enter valid message id.'),
  });
}

const MESSAGE: JsonSchema = {
  type: 'object',
  required: ['id', 'from', 'text', 'at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    from: { enum: ['visitor', 'expert'] },
    text: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
  },
};

/* The answers, before sealing. */

export const SENT_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'conversationKey', 'messages'],
  additionalProperties: false,
  properties: {
    status: { const: '200' },
    conversationKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    messages: { type: 'array', items: MESSAGE },
  },
};

export const POLLED_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'messages', 'closed'],
  additionalProperties: false,
  properties: {
    status: { const: '200' },
    messages: { type: 'array', items: MESSAGE },
    closed: { type: 'boolean' },
  },
};
