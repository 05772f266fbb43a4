import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './fieldCipher';

const key = () => randomBytes(32).toString('hex');

describe('createFieldCipher', () => {
  it('round-trips a value and never stores the plaintext', () => {
    const cipher = createFieldCipher(key());
    const sealed = cipher.seal('DE89370400440532013000');
    expect(sealed.value).not.toContain('DE89');
    expect(Buffer.from(sealed.value, 'base64url').toString('latin1')).not.toContain('370400440532013000');
    expect(cipher.open(sealed)).toBe('DE89370400440532013000');
  });

  it('uses a fresh IV each time', () => {
    const cipher = createFieldCipher(key());
    expect(cipher.seal('same').value).not.toBe(cipher.seal('same').value);
  });

  it('detects tampering', () => {
    const cipher = createFieldCipher(key());
    const sealed = cipher.seal('021000021');
    const raw = Buffer.from(sealed.value, 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => cipher.open({ ...sealed, value: raw.toString('base64url') })).toThrow();
  });

  it('decrypts values sealed under an older key after rotation', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealedBefore = createFieldCipher(oldKey).seal('0x52908400098527886E0F7030069857D2E4169EE7');
    const rotated = createFieldCipher(`${newKey},${oldKey}`);
    expect(rotated.open(sealedBefore)).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(rotated.seal('x').keyId).not.toBe(sealedBefore.keyId);
    expect(() => createFieldCipher(newKey).open(sealedBefore)).toThrow(/no encryption key/);
  });

  it('refuses malformed keys', () => {
    expect(() => createFieldCipher('abc')).toThrow(/64 hex/);
  });
});
