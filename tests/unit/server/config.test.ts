import { describe, expect, it } from 'vitest';
import { configFromEnv, type TrustProxyFunction } from '../../../src/server/config.ts';

describe('configFromEnv', () => {
  it('defaults the token and capability lives', () => {
    const config = configFromEnv({});
    expect(config.accessTokenTtlSeconds).toBe(3600);
    expect(config.capabilityTtlSeconds).toBe(60 * 60 * 24 * 45);
    expect(configFromEnv({ ACCESS_TOKEN_TTL_SECONDS: '900', CAPABILITY_TTL_SECONDS: '86400' })).toMatchObject(
      {
        accessTokenTtlSeconds: 900,
        capabilityTtlSeconds: 86400,
      },
    );
  });

  it.each(['abc', '-5', '0', '1.5', 'NaN'])(
    'refuses to start with ACCESS_TOKEN_TTL_SECONDS or CAPABILITY_TTL_SECONDS "%s"',
    (value) => {
      expect(() => configFromEnv({ ACCESS_TOKEN_TTL_SECONDS: value })).toThrow(
        `ACCESS_TOKEN_TTL_SECONDS must be a positive integer, got "${value}"`,
      );
      expect(() => configFromEnv({ CAPABILITY_TTL_SECONDS: value })).toThrow(
        `CAPABILITY_TTL_SECONDS must be a positive integer, got "${value}"`,
      );
    },
  );

  it('splits each API_CLIENTS pair at its first colon, so secrets may contain colons', () => {
    const { serviceClients } = configFromEnv({ API_CLIENTS: 'crm:se:cr:et, ops:plain' });
    expect({ ...serviceClients }).toEqual({ crm: 'se:cr:et', ops: 'plain' });
  });

  it('refuses API_CLIENTS pairs without an id or a secret', () => {
    for (const value of ['crm', 'crm:', ':secret']) {
      expect(() => configFromEnv({ API_CLIENTS: value })).toThrow('API_CLIENTS must look like');
    }
  });

  it('keeps the service clients in an object without a prototype', () => {
    const { serviceClients } = configFromEnv({ API_CLIENTS: 'crm:secret' });
    expect(Object.getPrototypeOf(serviceClients)).toBeNull();
    expect(serviceClients.constructor).toBeUndefined();
    expect(serviceClients.toString).toBeUndefined();
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy when unset, empty, 0 or false', () => {
      for (const value of [undefined, '', '0', 'false']) {
        expect(configFromEnv({ TRUST_PROXY: value }).trustProxy).toBeUndefined();
      }
    });

    it('takes a hop count as the number of nearest addresses to trust', () => {
      const trust = configFromEnv({ TRUST_PROXY: '2' }).trustProxy as TrustProxyFunction;
      expect(typeof trust).toBe('function');
      expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
    });

    it('takes a comma-separated list of addresses, CIDRs and proxy-addr names', () => {
      expect(
        configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback,192.168.0.0/255.255.0.0' })
          .trustProxy,
      ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback', '192.168.0.0/255.255.0.0']);
    });

    it.each(['true', 'lb.internal', '10.0.0.0/33', '10.0.0.1,nonsense', '-1', ','])(
      'refuses to start with TRUST_PROXY "%s"',
      (value) => {
        expect(() => configFromEnv({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be/);
      },
    );
  });
});
