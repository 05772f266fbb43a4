/**
 * Encryption of payout secrets at rest (IBAN, account and routing numbers, wallet addresses,
 * PayPal e-mails, SWIFT codes): AES-256-GCM with a random 96-bit IV per value. Each stored value
 * names its key by id, so keys can be rotated: DATA_ENCRYPTION_KEY may list several keys
 * (comma-separated, newest first); the newest encrypts, any listed key decrypts.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface Sealed {
  keyId: string;
  /** base64url of iv | tag | ciphertext */
  value: string;
}

export interface FieldCipher {
  seal(plaintext: string): Sealed;
  open(sealed: Sealed): string;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export function createFieldCipher(keysHex: string): FieldCipher {
  const keys = keysHex
    .split(',')
    .map((hex) => hex.trim())
    .filter(Boolean)
    .map((hex) => {
      if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('DATA_ENCRYPTION_KEY must be 64 hex characters (comma-separated for rotation)');
      return Buffer.from(hex, 'hex');
    });
  if (!keys.length) throw new Error('DATA_ENCRYPTION_KEY is empty');
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  const current = keys[0]!;
  const currentId = keyIdOf(current);

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      // The key id is authenticated too: a value cannot be moved under another key's name.
      cipher.setAAD(Buffer.from(currentId));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { keyId: currentId, value: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url') };
    },
    open({ keyId, value }) {
      const key = byId.get(keyId);
      if (!key) throw new Error(`no encryption key with id ${keyId} is configured`);
      const raw = Buffer.from(value, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(keyId));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
