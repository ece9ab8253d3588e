import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../../src/server/lib/addressKey.ts';

describe('addressKey', () => {
  it('counts an IPv4 address as itself, an IPv4-mapped one as the IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, another /64 apart', () => {
    const one = addressKey('2001:db8:abcd:12::1');
    expect(addressKey('2001:0db8:abcd:0012:ffff:ffff:ffff:fffe')).toBe(one);
    expect(addressKey('2001:db8:abcd:12:1234::9')).toBe(one);
    expect(one).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8:abcd:13::1')).not.toBe(one);
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
