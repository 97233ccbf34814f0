/**
 * Files in a directory of this machine (the default store: DATA_DIR/uploads), one file per key under the key itself,
 * as uploads have always been kept, so files stored before the store existed are still found. Only bytes are kept
 * (no metadata beside them). Several instances share this store only when the directory is on storage they all see.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkFileKey, isFileKey, type FileStore, type StoredBytes } from './file-store.js';

/** The errors of a file that is not there (or a key that names no file), as opposed to a directory that fails. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

export class DirectoryFileStore implements FileStore {
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = path.join(this.dir, checkFileKey(key));
    await mkdir(this.dir, { recursive: true });
    // `wx`: a key is new; an existing file is never overwritten.
    await writeFile(file, bytes, { flag: 'wx' });
  }

  async get(key: string): Promise<StoredBytes | undefined> {
    if (!isFileKey(key)) return undefined;
    try {
      return { bytes: await readFile(path.join(this.dir, key)), contentType: 'application/octet-stream' };
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (isFileKey(key)) await rm(path.join(this.dir, key), { force: true });
  }

  async close(): Promise<void> {}
}
