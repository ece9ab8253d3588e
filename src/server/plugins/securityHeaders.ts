import { DEFAULT_CHAT_URL } from '../config.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';

/**
 * Content-Security-Policy for the Vite-built React SPA: everything from our own origin.
 * - script-src has no 'unsafe-eval': the browser validates with precompiled validators
 *   (engine/validation/precompiledValidators.ts), never compiling code at run time.
 * - style-src 'unsafe-inline' covers React `style` attributes.
 * - form-action is deliberately left open: the payment step posts a form to the gateway.
 * - frame-src: the chat page (issue 20), ours or at the configured CHAT_URL's origin.
 * - frame-ancestors: no page may be framed, but the chat page by our own pages.
 */
export function contentSecurityPolicy({
  chatUrl = DEFAULT_CHAT_URL,
  framedBySelf = false,
}: { chatUrl?: string; framedBySelf?: boolean } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ['frame-src', "'self'", ...externalOrigin(chatUrl)].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/** The pages our own pages frame: the chat page (src/chat), served under /chat/. */
export const FRAMED_BY_SELF_PREFIX = '/chat';

/** The origin of an http(s) address; none for a path on this server ('self' covers it). */
function externalOrigin(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/** HTTPS only for a year, subdomains too (browsers heed it only over HTTPS, where it is served from). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * What an answer that says nothing of caching is: never stored, by the browser or anything
 * between (tokens, applications, stage saves, payment outcomes carry personal data). Answers
 * that may be kept say so themselves (assets, the SPA shell, a found pincode or IFSC, brochures).
 */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/**
 * Adds the security headers to every answer: pages, assets, API responses and errors alike;
 * and `Cache-Control: no-store` to every answer that does not set its own. Only the chat page
 * may be framed, and only by our own pages: the journey shows it in a frame.
 */
export const securityHeaders = globalPlugin('securityHeaders', async (app) => {
  const common: Record<string, string> = {
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const chatUrl = app.serverConfig.chatUrl;
  const headers: Record<string, string> = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ chatUrl }),
    'x-frame-options': 'DENY',
  };
  const framedHeaders: Record<string, string> = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ chatUrl, framedBySelf: true }),
    'x-frame-options': 'SAMEORIGIN',
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isFramedBySelf(request.url) ? framedHeaders : headers);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
});

function isFramedBySelf(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === FRAMED_BY_SELF_PREFIX || path.startsWith(`${FRAMED_BY_SELF_PREFIX}/`);
}
