import type { TokenService } from '../../auth/tokens.ts';
import { basicCredentials } from '../../lib/basicCredentials.ts';

/**
 * Who may look a pincode up. The spec's call carries "basic authorization"; the browser
 * is a public client and ships no secret, so Basic with the public client id and an
 * empty secret (`base64("<publicClientId>:")`) is accepted, as is the Bearer access
 * token the journey already holds. This keeps the wire contract; it is not a secret
 * boundary (the pincode master is public data), and every other Basic or Bearer
 * value is refused.
 */
export function isPincodeCaller(
  authorization: string | undefined,
  { tokens, publicClientId }: { tokens: TokenService; publicClientId: string },
): boolean {
  if (!authorization) return false;
  if (authorization.startsWith('Bearer ')) {
    return tokens.verifyAccess(authorization.slice(7).trim()) !== undefined;
  }
  const { id, secret } = basicCredentials(authorization);
  return id === publicClientId && !secret;
}
