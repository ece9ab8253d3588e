import type { FastifyInstance } from 'fastify';
import type { PaymentConfig } from '../../config.ts';
import { readVerifyAnswer, verifyForm, type GatewayTransaction } from './verifyProtocol.ts';

/** The gateway did not answer verify_payment usefully (timeout, network, HTTP error, unreadable). */
export class GatewayUnavailable extends Error {}

/** Asks the gateway what became of our transactions (PayU's verify_payment). */
export interface GatewayVerifier {
  verify(txnids: readonly string[]): Promise<Map<string, GatewayTransaction>>;
}

/** How the verify form reaches the gateway: answers the status code and the body's text. */
type Post = (url: string, body: string, timeoutMs: number) => Promise<{ statusCode: number; text: string }>;

/** Over the network (Node's fetch, as the outbox's deliveries), stopped after the time limit. */
const overNetwork: Post = async (url, body, timeoutMs) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { statusCode: response.status, text: await response.text() };
};

/** To the sandbox served by this server (a path): the same form post, in-process, with the same time limit. */
function inProcess(app: FastifyInstance): Post {
  return async (url, body, timeoutMs) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const response = await Promise.race([
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          payload: body,
        }),
        late,
      ]);
      return { statusCode: response.statusCode, text: response.body };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * verify_payment at the configured address (`payment.verifyUrl`; never one a request names),
 * signed with the merchant's key and salt, each call given `payment.verifyTimeoutMs`. A path is
 * the sandbox on this server, reached in-process.
 */
export function createGatewayVerifier(
  app: FastifyInstance,
  config: PaymentConfig = app.serverConfig.payment,
): GatewayVerifier {
  const post = config.verifyUrl.startsWith('/') ? inProcess(app) : overNetwork;
  return {
    async verify(txnids) {
      if (!txnids.length) return new Map();
      const body = new URLSearchParams(verifyForm(config.key, config.salt, txnids)).toString();
      let answer: { statusCode: number; text: string };
      try {
        answer = await post(config.verifyUrl, body, config.verifyTimeoutMs);
      } catch (error) {
        throw new GatewayUnavailable(
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        );
      }
      if (answer.statusCode < 200 || answer.statusCode > 299) {
        throw new GatewayUnavailable(`HTTP ${answer.statusCode}`);
      }
      try {
        return readVerifyAnswer(JSON.parse(answer.text) as unknown, txnids);
      } catch (error) {
        throw new GatewayUnavailable(`unreadable answer: ${(error as Error).message}`);
      }
    },
  };
}
