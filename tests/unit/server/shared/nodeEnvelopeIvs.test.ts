import { describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../src/shared/envelope/browserEnvelope.ts';
import { splitEnvelope } from '../../../../src/shared/envelope/format.ts';
import { createNodeEnvelope } from '../../../../src/shared/envelope/nodeEnvelope.ts';

const PASSWORD = 'bimaflow-envelope-v1';

describe('node envelope ivs', () => {
  it('seals every answer under an iv of its own, across draws from the CSPRNG, each one the browser opens', () => {
    const envelope = createNodeEnvelope(PASSWORD);
    // More answers than one draw of ivs yields, so a second draw is used too.
    const sealed = Array.from({ length: 600 }, (_, index) =>
      envelope.seal({ status: '200', version: index }),
    );
    const ivs = sealed.map((text) => splitEnvelope(text)!.ivHex);
    expect(new Set(ivs).size).toBe(sealed.length);
    expect(ivs.every((iv) => /^[0-9a-f]{32}$/.test(iv) && iv !== '0'.repeat(32))).toBe(true);
    sealed.forEach((text, index) =>
      expect(openBrowser(PASSWORD, text)).toEqual({ status: '200', version: index }),
    );
  });

  it('gives two sealers different ivs', () => {
    const first = createNodeEnvelope(PASSWORD).seal('x');
    const second = createNodeEnvelope(PASSWORD).seal('x');
    expect(splitEnvelope(first)!.ivHex).not.toBe(splitEnvelope(second)!.ivHex);
  });
});
