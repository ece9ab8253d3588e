import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CHAT_KEY_HEADER, CHAT_MESSAGES_PATH, CHAT_WORDS } from '../../../shared/chatApi.ts';
import { applicationFacts } from '../../leads/recordLead.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER, sealedAnswer } from '../../lib/specSchema.ts';
import { namedApplication } from '../applications/requireCapability.ts';
import '../../types.ts';
import { checkedText, pollQuery, visitorMessageBody } from './chatSchemas.ts';
import { addVisitorMessage, conversationByKey, messagesOf } from './chatStore.ts';

interface VisitorMessage {
  text: string;
  productId?: string;
  step?: string;
  applicationNumber?: string;
}

const failures = {
  400: ERROR_ANSWER,
  401: ERROR_ANSWER,
  403: ERROR_ANSWER,
  404: ERROR_ANSWER,
  409: ERROR_ANSWER,
};

/** The conversation key a request names, if it names one. */
function chatKey(request: FastifyRequest): string | undefined {
  const header = request.headers[CHAT_KEY_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The chat answered by people (issue 20): a visitor writes to the operations desk and polls
 * for the answers. A message without a key (or with one the server does not know) starts a
 * conversation, and the answer gives its key; the key, kept by the chat page, names the
 * conversation from then on. A message that names an application needs its capability. What
 * is logged of a message is its conversation's id, never its text.
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: VisitorMessage }>(
    CHAT_MESSAGES_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'chat' },
      schema: {
        body: visitorMessageBody(),
        response: {
          200: sealedAnswer('response', "{status: '200', conversationKey, messages: [{id, from, text, at}]}"),
          ...failures,
        },
      },
    },
    async (request) => {
      const text = checkedText(request.body.text);
      const applicationNumber = namedApplication(app, request, request.body.applicationNumber);
      const { productId: applicationProduct } = await applicationFacts(app.db, applicationNumber);
      const outcome = await addVisitorMessage(app.db, chatKey(request), text, {
        applicationNumber,
        productId: applicationProduct ?? (request.body.productId?.toUpperCase() || null),
        step: request.body.step || null,
      });
      if (outcome.kind === 'closed') throw new ApiError(409, CHAT_WORDS.closed);
      request.log.info({ conversation: outcome.conversation.id }, 'chat message from a visitor');
      return { status: '200', conversationKey: outcome.key, messages: outcome.messages };
    },
  );

  app.get<{ Querystring: { after?: string } }>(
    CHAT_MESSAGES_PATH,
    {
      config: { sealResponse: 'response' },
      schema: {
        querystring: pollQuery(),
        response: {
          200: sealedAnswer('response', "{status: '200', messages: [{id, from, text, at}], closed}"),
          ...failures,
        },
      },
    },
    async (request) => {
      const conversation = await conversationByKey(app.db, chatKey(request));
      if (!conversation) throw new ApiError(404, CHAT_WORDS.ended);
      const messages = await messagesOf(app.db, conversation.id, request.query.after ?? '0');
      return {
        status: '200',
        messages: messages.map(({ id, from, text, at }) => ({ id, from, text, at })),
        closed: conversation.closedAt !== null,
      };
    },
  );
};
