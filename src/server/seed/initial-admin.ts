/**
 * The first administrator of an install without demo data: when no user exists at all, `admin` is created with
 * the administrator role (all menus), a random one-time password and `password_must_change`, so the first login
 * answers -16001 and the password must be changed before anything else. Race-safe: of several instances starting
 * on an empty database, only the one whose insert lands gets (and prints) the password.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/database.js';
import { isStrongEnough } from '../accounts/password-policy.js';
import { hashPassword } from '../accounts/passwords.js';

export const INITIAL_ADMIN_LOGIN = 'admin';
const INITIAL_ADMIN_ID = 'user-admin';
const ADMIN_ROLE = 'admin';
/** No look-alikes (0/O, 1/l/I), so the password can be read off a console. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function oneTimePassword(length = 14): string {
  for (;;) {
    const candidate = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (isStrongEnough(candidate)) return candidate;
  }
}

/** Creates the initial administrator when the database has no user; answers its one-time password, else undefined. */
export async function ensureInitialAdmin(db: Db): Promise<string | undefined> {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (anyUser) return undefined;
  const role = await db.selectFrom('sys_role').select('id').where('enname', '=', ADMIN_ROLE).executeTakeFirst();
  if (!role) throw new Error(`role "${ADMIN_ROLE}" is missing (schemas/seed/roles.json)`);
  const password = oneTimePassword();
  const inserted = await db
    .insertInto('sys_user')
    .values({
      id: INITIAL_ADMIN_ID,
      login_name: INITIAL_ADMIN_LOGIN,
      name: '系统管理员',
      password_hash: await hashPassword(password),
      user_type: '1',
      password_must_change: true,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  await db
    .insertInto('sys_user_role')
    .values({ user_id: INITIAL_ADMIN_ID, role_id: role.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return password;
}
