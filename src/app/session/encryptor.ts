/**
 * Field encryption for the engine: RSA-OAEP (SHA-256) with jsencrypt for the login password, SM2 for
 * password changes. The libraries and the server's public keys load only when a form first submits.
 */
import type { FieldEncryptor, Transport } from '../../engine/seams';
import type { Envelope, PublicKeys } from '../../shared/envelope';
import { portalApis } from '../portal-apis';

/** jsencrypt encrypts a "binary string": give it the UTF-8 bytes of the text, one char per byte. */
function utf8Binary(text: string): string {
  return String.fromCharCode(...new TextEncoder().encode(text));
}

export function createEncryptor(transport: Transport): FieldEncryptor {
  let keys: Promise<PublicKeys> | null = null;
  const publicKeys = () => {
    keys ??= transport
      .request<Envelope<PublicKeys>>({ method: portalApis.publicKeys.method, url: portalApis.publicKeys.url })
      .then((envelope) => envelope.data as PublicKeys)
      .catch((error: unknown) => {
        keys = null;
        throw error;
      });
    return keys;
  };
  return {
    async encrypt(cipher, plain) {
      const { rsaPublicKey, sm2PublicKey } = await publicKeys();
      if (cipher === 'rsa') {
        const { JSEncrypt } = await import('jsencrypt');
        const rsa = new JSEncrypt();
        rsa.setPublicKey(rsaPublicKey);
        const encrypted = rsa.encryptOAEP(utf8Binary(plain));
        if (!encrypted) throw new Error('密码加密失败，请刷新页面后重试');
        return encrypted;
      }
      const { sm2 } = await import('sm-crypto');
      // sm-crypto leaves the 04 prefix off; the server strips exactly two characters (STACK-NOTES.md).
      return `04${sm2.doEncrypt(plain, sm2PublicKey, 1)}`;
    },
  };
}
