/** Password hashing: argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const; // algorithm defaults to argon2id

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * The stored "hash" of an account that has no password (a self-registered company manager logs in by SMS code):
 * not an argon2 string, so it never verifies.
 */
export const NO_PASSWORD = '!no-password';

export function hasPassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD;
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies; for an unknown user pass `undefined`: a dummy hash is checked so the timing looks the same (also for
 * an account without a password).
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined || passwordHash === NO_PASSWORD) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
