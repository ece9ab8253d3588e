/*
 * The `{data: ...}` envelope of spec 01 §7.4, pinned so both sides agree byte for byte:
 *   AES-256-CBC with PKCS#7 padding; a random 16-byte salt and a random 16-byte iv;
 *   key = PBKDF2-HMAC-SHA256(password, salt, 100 iterations, 32 bytes);
 *   output = hex(salt) ‖ hex(iv) ‖ base64(ciphertext), lowercase hex, 32 + 32 characters.
 * It obscures payloads in transit logs; TLS, server-side validation and capabilities are
 * the security boundary.
 */
export const ENVELOPE = {
  iterations: 100,
  keyBytes: 32,
  saltBytes: 16,
  ivBytes: 16,
  hash: 'sha256',
} as const;

const HEX_LENGTH = ENVELOPE.saltBytes * 2 + ENVELOPE.ivBytes * 2;
const SHAPE = new RegExp(`^[0-9a-f]{${HEX_LENGTH}}[A-Za-z0-9+/]+={0,2}$`);

export interface EnvelopeParts {
  saltHex: string;
  ivHex: string;
  cipherBase64: string;
}

/** Splits an envelope string; undefined when it is not shaped like one. */
export function splitEnvelope(value: unknown): EnvelopeParts | undefined {
  if (typeof value !== 'string' || !SHAPE.test(value)) return undefined;
  const cipherBase64 = value.slice(HEX_LENGTH);
  if (cipherBase64.length % 4 !== 0) return undefined;
  return {
    saltHex: value.slice(0, ENVELOPE.saltBytes * 2),
    ivHex: value.slice(ENVELOPE.saltBytes * 2, HEX_LENGTH),
    cipherBase64,
  };
}

export class EnvelopeError extends Error {
  constructor() {
    // One message for every failure, so a caller learns nothing about which step failed.
    super('The request could not be read.');
    this.name = 'EnvelopeError';
  }
}
