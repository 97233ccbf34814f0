/** `tsx scripts/ci-database.ts create|drop NAME`: a database on the server named by PGSERVER_URL, for one CI run. */
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error('usage: ci-database.ts create|drop NAME (lower-case letters, digits, _)');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PGSERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
await client.connect();
try {
  await client.query(action === 'create' ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
} finally {
  await client.end();
}
