/** The client id and secret of a `Basic base64(id:secret)` header; the secret is absent without a colon. */
export function basicCredentials(header: string | undefined): { id?: string; secret?: string } {
  if (!header?.startsWith('Basic ')) return {};
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { id: decoded } : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
