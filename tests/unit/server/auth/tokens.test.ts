import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../../../src/server/auth/tokens.ts';

describe('token service', () => {
  const at = Date.parse('2026-11-24T10:00:00Z');
  const tokens = createTokenService('a secret long enough for the tests', () => at);

  it('issues a distinct capability each time, even within the same second', () => {
    const first = tokens.issueCapability('APP1', 3600);
    const second = tokens.issueCapability('APP1', 3600);
    expect(second).not.toBe(first);
    expect(tokens.allows(first, 'APP1')).toBe(true);
    expect(tokens.allows(second, 'APP1')).toBe(true);
  });

  it('allows a capability only for its own application and only while it lives', () => {
    const token = tokens.issueCapability('APP1', 60);
    expect(tokens.allows(token, 'APP2')).toBe(false);
    const later = createTokenService('a secret long enough for the tests', () => at + 61_000);
    expect(later.allows(token, 'APP1')).toBe(false);
  });

  it('refuses a token whose claims were changed after signing', () => {
    const token = tokens.issueCapability('APP1', 60);
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as { app: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, app: 'APP2' })).toString('base64url');
    expect(tokens.allows(`${forged}.${mac}`, 'APP2')).toBe(false);
  });

  it('issues distinct access tokens that verify with their scope', () => {
    const first = tokens.issueAccess('client', 'journey', 60);
    expect(tokens.issueAccess('client', 'journey', 60)).not.toBe(first);
    expect(tokens.verifyAccess(first)).toMatchObject({ typ: 'access', sub: 'client', scope: 'journey' });
    expect(tokens.verifyAccess(tokens.issueCapability('APP1', 60))).toBeUndefined();
  });
});
