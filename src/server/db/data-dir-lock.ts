/**
 * One server per embedded database: PGlite keeps the database in its own process's memory and writes it back to the
 * data directory, so two servers on one directory silently overwrite each other's acknowledged writes. The first
 * server writes its pid to a lock file beside the directory (`pgdata.lock`: PGlite wants its directory to itself); another refuses to start while that process lives. A lock
 * left by a process that has died (killed, crashed) is stale and taken over. Several instances need PostgreSQL.
 */
import { hostname } from 'node:os';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file of a database directory: `<dir>.lock`, beside it. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个服务进程 (pid ${ownerPid}) 使用: 内嵌数据库 (PGlite) 只能由一个进程打开。` +
        `请先停止该进程；多个实例请使用 PostgreSQL (DATABASE_URL)。若确认该进程已不存在，删除 ${lockFileOf(dataDir)}。`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the directory's lock for this process, or throws DataDirLockedError while a live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  const me: LockOwner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return {
        release() {
          const owner = readOwner(file);
          if (owner?.pid === me.pid && owner.host === me.host) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    // Another machine's process cannot be checked from here: its lock holds until removed by hand.
    if (owner && (owner.host !== me.host || isAlive(owner.pid))) throw new DataDirLockedError(dataDir, owner.pid);
    // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, readOwner(file)?.pid ?? 0);
}
