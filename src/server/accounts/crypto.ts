/**
 * Decryption of fields the browser encrypts (STACK-NOTES.md "Crypto"):
 * - RSA-OAEP with SHA-256, base64 ciphertext (jsencrypt `encryptOAEP` over the UTF-8 bytes of the text);
 * - SM2 cipher mode 1, hex, the client prefixes `04` and the server strips it (used by password changes).
 * Each returns `undefined` when the ciphertext does not decrypt.
 */
import { constants, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type SmCrypto from 'sm-crypto';
import { onFirstUse } from '../lib/first-use.js';
import type { AppKeys } from './keys.js';

/** sm-crypto, loaded when an SM2 key pair is made (first start) or an SM2 field decrypted (a password change). */
export const smCrypto = onFirstUse(() => createRequire(import.meta.url)('sm-crypto') as typeof SmCrypto);

export type EncryptionMethod = 'rsa' | 'sm2';

export class FieldCrypto {
  private readonly rsaKey: KeyObject;

  constructor(private readonly keys: AppKeys) {
    this.rsaKey = createPrivateKey(keys.rsa.privateKeyPem);
  }

  decrypt(method: EncryptionMethod, ciphertext: string): string | undefined {
    return method === 'rsa' ? this.decryptRsa(ciphertext) : this.decryptSm2(ciphertext);
  }

  decryptRsa(base64: string): string | undefined {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
    try {
      const plain = privateDecrypt(
        { key: this.rsaKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      );
      return new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      return undefined;
    }
  }

  decryptSm2(hex: string): string | undefined {
    if (!/^04[0-9a-fA-F]+$/.test(hex)) return undefined;
    try {
      const plain = smCrypto().sm2.doDecrypt(hex.slice(2), this.keys.sm2.privateKey, 1);
      return plain === '' ? undefined : plain;
    } catch {
      return undefined;
    }
  }
}
