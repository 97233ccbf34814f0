/**
 * `npx tsx scripts/sso-ticket.ts <loginName>`: prints a single sign-on URL for the local portal,
 * `http://HOST:PORT/app/cas?token=<ticket>`, valid 5 minutes and once (accounts/single-sign-on.ts).
 *
 * The key is PORTAL_SSO_SECRET when set, else the one the server generated and keeps in the database (DATABASE_URL,
 * or the embedded database in DATA_DIR). The embedded database serves one process at a time: stop the server first,
 * or start both with the same PORTAL_SSO_SECRET.
 */
import { loadConfig } from '../src/server/config';
import { createDatabase, databaseTarget } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSecret, SSO_SECRET_KEY_ID } from '../src/server/accounts/keys';
import { mintSsoTicket } from '../src/server/accounts/single-sign-on';

const loginName = process.argv[2];
if (!loginName) {
  console.error('usage: npx tsx scripts/sso-ticket.ts <loginName>');
  process.exit(2);
}

const config = loadConfig();

async function secret(): Promise<Buffer> {
  if (config.ssoSecret !== undefined) return Buffer.from(config.ssoSecret, 'utf8');
  const db = createDatabase(databaseTarget(config));
  try {
    await migrateToLatest(db);
    return await ensureSecret(db, SSO_SECRET_KEY_ID);
  } finally {
    await db.destroy();
  }
}

const ticket = mintSsoTicket(await secret(), loginName, new Date());
const host = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`http://${host}:${config.port}/app/cas?token=${encodeURIComponent(ticket)}`);
