import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { ENVELOPE, EnvelopeError, splitEnvelope } from './format.ts';
import secureJson from 'secure-json-parse';

/**
 * Server side of the envelope with node:crypto. Decryption keys are cached by salt (a
 * client reuses its salt for a while); answers reuse one salt and key per sealer, with a
 * fresh iv for every message, so sealing costs one AES pass and no key derivation. The ivs
 * are drawn from the CSPRNG a few hundred at a time (one call instead of one per answer:
 * the call, not the bytes, is what costs); each is used once and none is known outside
 * before the message it travels with.
 */
export interface NodeEnvelope {
  seal(value: unknown): string;
  open<T = unknown>(envelope: unknown): T;
}

/**
 * How a body's JSON is read, plain (Fastify's own parser, src/server/app.ts) or sealed: keys that
 * could reach an object's prototype are dropped, not refused as if the JSON were broken.
 */
export const JSON_POISONING = { protoAction: 'remove', constructorAction: 'remove' } as const;

const CACHE_LIMIT = 1000;
/** How many ivs one draw from the CSPRNG yields. */
const IVS_PER_DRAW = 256;

/** A source of fresh random ivs, each handed out once. */
function ivSource(): () => Buffer {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + ENVELOPE.ivBytes > pool.length) {
      // A new buffer each draw: ivs already handed out are never overwritten.
      pool = randomBytes(ENVELOPE.ivBytes * IVS_PER_DRAW);
      offset = 0;
    }
    offset += ENVELOPE.ivBytes;
    return pool.subarray(offset - ENVELOPE.ivBytes, offset);
  };
}

export function createNodeEnvelope(password: string, { rotateAfter = 10_000 } = {}): NodeEnvelope {
  const keys = new Map<string, Buffer>();
  const derive = (saltHex: string): Buffer => {
    let key = keys.get(saltHex);
    if (!key) {
      key = pbkdf2Sync(
        password,
        Buffer.from(saltHex, 'hex'),
        ENVELOPE.iterations,
        ENVELOPE.keyBytes,
        ENVELOPE.hash,
      );
      if (keys.size >= CACHE_LIMIT) keys.delete(keys.keys().next().value!);
      keys.set(saltHex, key);
    }
    return key;
  };
  let sealSalt = '';
  let sealed = rotateAfter;
  const freshIv = ivSource();

  return {
    seal(value) {
      if (sealed >= rotateAfter) {
        sealSalt = randomBytes(ENVELOPE.saltBytes).toString('hex');
        sealed = 0;
      }
      sealed++;
      return sealWith(derive(sealSalt), sealSalt, freshIv(), value);
    },
    open<T>(envelope: unknown): T {
      const parts = splitEnvelope(envelope);
      if (!parts) throw new EnvelopeError();
      try {
        const decipher = createDecipheriv(
          'aes-256-cbc',
          derive(parts.saltHex),
          Buffer.from(parts.ivHex, 'hex'),
        );
        const plain = Buffer.concat([
          decipher.update(Buffer.from(parts.cipherBase64, 'base64')),
          decipher.final(),
        ]);
        // As Fastify parses a plain body (src/server/app.ts): a `__proto__` or
        // `constructor.prototype` key is dropped, so a sealed body is taken as a plain one is.
        return secureJson.parse(plain.toString('utf8'), undefined, JSON_POISONING) as T;
      } catch {
        throw new EnvelopeError();
      }
    },
  };
}

/** Deterministic sealing for golden vectors: the given salt and iv, JSON of the value. */
export function sealWith(key: Buffer, saltHex: string, iv: Buffer, value: unknown): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return saltHex + iv.toString('hex') + body.toString('base64');
}

export function deriveKey(password: string, saltHex: string): Buffer {
  return pbkdf2Sync(
    password,
    Buffer.from(saltHex, 'hex'),
    ENVELOPE.iterations,
    ENVELOPE.keyBytes,
    ENVELOPE.hash,
  );
}
