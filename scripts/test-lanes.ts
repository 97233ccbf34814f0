/**
 * `npm test`'s runner, in two lanes that run side by side:
 * - browser: the browser files, one at a time against the one server they share. They wait on pages far more than
 *   they compute (about 0.6 of a core, measured), so run after the others they left a core idle for 20 minutes;
 * - server: the unit, schema and API files on a worker per core, then, when `TEST_PGSERVER_URL` names a PostgreSQL
 *   server (as `.ci/run` does), the API files once more on a fresh database of that server, dropped afterwards.
 * Each line printed is prefixed with its lane. The exit code is the first failing lane's, else 0.
 * Arguments go to one plain `vitest run` instead (`npm test -- tests/unit`), without lanes.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';

const vitest = ['vitest', 'run'];

/** Runs `npx <args>` with its lines prefixed by `lane`; resolves to its exit code. */
function run(lane: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${lane}] `;
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(prefix + line + '\n'));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The API files on a database made for this run on `serverUrl`, dropped afterwards whatever happened. */
async function apiOnPostgres(serverUrl: string): Promise<number> {
  const database = `portal_test_${Date.now()}_${process.pid}`;
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    console.log(`[server] the API files again, on PostgreSQL (database ${database})`);
    return await run('server', [...vitest, '--project', 'api'], { ...process.env, DATABASE_URL: url.toString() });
  } finally {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

async function serverLane(): Promise<number> {
  const embedded = await run('server', [...vitest, '--project', 'unit', '--project', 'schema', '--project', 'api']);
  const serverUrl = process.env.TEST_PGSERVER_URL;
  if (!serverUrl) return embedded;
  // The PostgreSQL pass runs even after a failure on the embedded database: CI reports both.
  const postgres = await apiOnPostgres(serverUrl);
  return embedded || postgres;
}

const extra = process.argv.slice(2);
const codes =
  extra.length > 0
    ? [await run('vitest', [...vitest, ...extra])]
    : await Promise.all([run('browser', [...vitest, '--project', 'e2e']), serverLane()]);
process.exit(codes.find((code) => code !== 0) ?? 0);
