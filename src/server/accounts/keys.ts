/**
 * Key material generated on first start and kept in the database (table app_key), so every instance that shares
 * the database shares it. Generation is race-safe: each instance generates a candidate, inserts it with
 * `on conflict do nothing`, and then uses whatever row is stored.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/database.js';
import { smCrypto } from './crypto.js';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface AppKeys {
  /** HMAC-SHA256 secret for access tokens and captcha answers. */
  tokenSecret: Buffer;
  rsa: { publicKeyPem: string; privateKeyPem: string };
  sm2: { publicKey: string; privateKey: string };
  /** HMAC key shared with the AI library (PORTAL_AI_SECRET overrides it). */
  aiSecret: Buffer;
  /** HMAC key of single sign-on tickets (PORTAL_SSO_SECRET overrides it). */
  ssoSecret: Buffer;
}

interface StoredSecret {
  secret: string;
}
interface StoredRsa {
  publicKeyPem: string;
  privateKeyPem: string;
}
interface StoredSm2 {
  publicKey: string;
  privateKey: string;
}

async function ensureKey<T>(db: Db, id: string, generate: () => Promise<T>): Promise<T> {
  const existing = await db.selectFrom('app_key').select('value').where('id', '=', id).executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as T;
  const candidate = await generate();
  await db
    .insertInto('app_key')
    .values({ id, value: JSON.stringify(candidate) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await db.selectFrom('app_key').select('value').where('id', '=', id).executeTakeFirstOrThrow();
  return JSON.parse(stored.value) as T;
}

/** The id of the stored single sign-on key; scripts/sso-ticket.ts reads it too. */
export const SSO_SECRET_KEY_ID = 'sso-secret';

const newSecret = async (): Promise<StoredSecret> => ({ secret: randomBytes(32).toString('base64') });

/** A stored shared secret (generated on first use), as raw bytes. */
export async function ensureSecret(db: Db, id: string): Promise<Buffer> {
  const stored = await ensureKey<StoredSecret>(db, id, newSecret);
  return Buffer.from(stored.secret, 'base64');
}

export async function ensureKeys(db: Db): Promise<AppKeys> {
  const [secret, rsa, sm2, aiSecret, ssoSecret] = await Promise.all([
    ensureKey<StoredSecret>(db, 'token-secret', newSecret),
    ensureKey<StoredRsa>(db, 'rsa-2048', async () => {
      const pair = await generateKeyPairAsync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      return { publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey };
    }),
    ensureKey<StoredSm2>(db, 'sm2', async () => smCrypto().sm2.generateKeyPairHex()),
    ensureSecret(db, 'ai-secret'),
    ensureSecret(db, SSO_SECRET_KEY_ID),
  ]);
  return { tokenSecret: Buffer.from(secret.secret, 'base64'), rsa, sm2, aiSecret, ssoSecret };
}
