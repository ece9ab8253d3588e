import CryptoJS from 'crypto-js';
import { ENVELOPE, EnvelopeError, splitEnvelope } from './format.ts';

/**
 * Browser side of the envelope with crypto-js. The hash is passed explicitly: crypto-js
 * changed its PBKDF2 default from SHA-1 to SHA-256 in 4.2.0, and the wire must not
 * depend on which version is installed.
 */
function deriveKey(password: string, salt: CryptoJS.lib.WordArray): CryptoJS.lib.WordArray {
  return CryptoJS.PBKDF2(password, salt, {
    keySize: ENVELOPE.keyBytes / 4,
    iterations: ENVELOPE.iterations,
    hasher: CryptoJS.algo.SHA256,
  });
}

export function sealBrowser(
  password: string,
  value: unknown,
  salt: CryptoJS.lib.WordArray = CryptoJS.lib.WordArray.random(ENVELOPE.saltBytes),
  iv: CryptoJS.lib.WordArray = CryptoJS.lib.WordArray.random(ENVELOPE.ivBytes),
): string {
  const encrypted = CryptoJS.AES.encrypt(JSON.stringify(value), deriveKey(password, salt), {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return (
    salt.toString(CryptoJS.enc.Hex) +
    iv.toString(CryptoJS.enc.Hex) +
    encrypted.ciphertext.toString(CryptoJS.enc.Base64)
  );
}

export function openBrowser<T = unknown>(password: string, envelope: unknown): T {
  const parts = splitEnvelope(envelope);
  if (!parts) throw new EnvelopeError();
  try {
    const decrypted = CryptoJS.AES.decrypt(
      CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(parts.cipherBase64) }),
      deriveKey(password, CryptoJS.enc.Hex.parse(parts.saltHex)),
      { iv: CryptoJS.enc.Hex.parse(parts.ivHex), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 },
    );
    return JSON.parse(decrypted.toString(CryptoJS.enc.Utf8)) as T;
  } catch {
    throw new EnvelopeError();
  }
}
