import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { openBrowser, sealBrowser } from '../../../src/shared/envelope/browserEnvelope.ts';
import { EnvelopeError } from '../../../src/shared/envelope/format.ts';
import { createNodeEnvelope, deriveKey, sealWith } from '../../../src/shared/envelope/nodeEnvelope.ts';

/*
 * Golden vectors pin the wire format (spec 01 §7.4): AES-256-CBC/PKCS7, PBKDF2-HMAC-SHA256
 * with 100 iterations, hex(salt) ‖ hex(iv) ‖ base64(ciphertext). Both libraries must
 * produce exactly these strings and read each other's.
 */
const PASSWORD = 'bimaflow-envelope-v1';
const SALT = '000102030405060708090a0b0c0d0e0f';
const IV = 'f0e0d0c0b0a090807060504030201000';
const VECTORS = [
  {
    value: { applicationNumber: '7012345678', retrieve: 'appnumber' },
    sealed:
      '000102030405060708090a0b0c0d0e0ff0e0d0c0b0a090807060504030201000ep8O3xgQDcME3nsf0S5WXXCubJKC7/zgdmoTV+R5Y73uAOLcqGQCGR2f/ytGM4JQyHtHRMP2Y7/QOvG1iUsFBQ==',
  },
];

describe('envelope', () => {
  it.each(VECTORS)('crypto-js seals the golden vector', ({ value, sealed }) => {
    expect(sealBrowser(PASSWORD, value, CryptoJS.enc.Hex.parse(SALT), CryptoJS.enc.Hex.parse(IV))).toBe(
      sealed,
    );
  });

  it.each(VECTORS)('node:crypto seals the golden vector', ({ value, sealed }) => {
    expect(sealWith(deriveKey(PASSWORD, SALT), SALT, Buffer.from(IV, 'hex'), value)).toBe(sealed);
  });

  it.each(VECTORS)('both open the golden vector', ({ value, sealed }) => {
    expect(openBrowser(PASSWORD, sealed)).toEqual(value);
    expect(createNodeEnvelope(PASSWORD).open(sealed)).toEqual(value);
  });

  it('round-trips across libraries with random salts and ivs, unicode included', () => {
    const node = createNodeEnvelope(PASSWORD);
    const value = { name: 'Rāmesh कुमार', amount: '1,23,456', nested: { list: [1, 2, 3] } };
    const fromBrowser = sealBrowser(PASSWORD, value);
    expect(fromBrowser).toMatch(/^[0-9a-f]{64}[A-Za-z0-9+/]+=*$/);
    expect(node.open(fromBrowser)).toEqual(value);
    expect(openBrowser(PASSWORD, node.seal(value))).toEqual(value);
    expect(node.seal(value)).not.toBe(node.seal(value)); // fresh iv every message
  });

  it('fails every malformed, tampered or wrongly keyed envelope with one uniform error', () => {
    const node = createNodeEnvelope(PASSWORD);
    const good = VECTORS[0]!.sealed;
    const tampered = good.slice(0, 70) + (good[70] === 'A' ? 'B' : 'A') + good.slice(71);
    for (const bad of [undefined, 42, '', 'not an envelope', good.slice(0, 60), tampered, good + 'x']) {
      expect(() => node.open(bad)).toThrow(EnvelopeError);
      expect(() => openBrowser(PASSWORD, bad)).toThrow(EnvelopeError);
    }
    expect(() => createNodeEnvelope('another password').open(good)).toThrow(EnvelopeError);
    expect(() => openBrowser('another password', good)).toThrow('The request could not be read.');
  });
});
