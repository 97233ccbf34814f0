/**
 * One server per embedded database directory: a second one refuses to open it while the first lives (two would
 * overwrite each other's writes), a lock left by a dead process is taken over, and closing releases it.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockFileOf } from '../../src/server/db/data-dir-lock.js';
import { createDatabase } from '../../src/server/db/database.js';

const root = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
// One database directory for the whole file: creating one takes seconds, opening an existing one far less.
const dataDir = path.join(root, 'pgdata');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database directory lock', () => {
  it('refuses a second opener while the first is open, and lets the next one in after it closes', async () => {
    const first = createDatabase({ kind: 'pglite', dataDir });
    await sql`create table kept (n int)`.execute(first);
    await sql`insert into kept values (42)`.execute(first);
    const second = createDatabase({ kind: 'pglite', dataDir });
    const refusal = await sql`select 1`.execute(second).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toMatch(/正被另一个服务进程 \(pid \d+\) 使用.*PostgreSQL/);
    await second.destroy();
    await first.destroy();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);

    const next = createDatabase({ kind: 'pglite', dataDir });
    const { rows } = await sql<{ n: number }>`select n from kept`.execute(next);
    expect(rows).toEqual([{ n: 42 }]);
    await next.destroy();
  });

  it('takes over the lock of a process that has died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(dead).toBeGreaterThan(0);
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: dead, host: hostname() }));
    const again = createDatabase({ kind: 'pglite', dataDir });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(again);
    expect(rows).toEqual([{ one: 1 }]);
    await again.destroy();
  });

  it('makes a second server exit with the reason instead of starting', async () => {
    const held = createDatabase({ kind: 'pglite', dataDir });
    await sql`select 1`.execute(held);
    try {
      const tsx = path.resolve('node_modules/.bin/tsx');
      const run = promisify(execFile)(tsx, ['src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: root, PORT: '0', DATABASE_URL: '', PORTAL_DEMO: '0' },
      });
      const failure = await run.then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`正被另一个服务进程 (pid ${process.pid}) 使用`);
      expect(failure?.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await held.destroy();
    }
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});
