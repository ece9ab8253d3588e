import type { PaymentConfig } from '../../config.ts';

/**
 * Where a gateway posts its answer back (surl, furl): PUBLIC_BASE_URL and the path, from the
 * configuration only, never from the request's Host header (a forged Host would send the
 * buyer's payment answer elsewhere). Without PUBLIC_BASE_URL (the sandbox, which config.ts
 * allows only then) the path alone: the sandbox's page is served by this server and posts to it.
 */
export function gatewayReturnAddress(payment: Pick<PaymentConfig, 'publicBaseUrl'>, path: string): string {
  return `${payment.publicBaseUrl ?? ''}${path}`;
}
