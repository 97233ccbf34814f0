/**
 * The app's file store from its configuration: the bucket of PORTAL_STORAGE_URL when set, else the directory
 * DATA_DIR/uploads (where uploads have always been kept).
 */
import path from 'node:path';
import type { ServerConfig } from '../config.js';
import { DirectoryFileStore } from './directory-store.js';
import type { FileStore } from './file-store.js';
import { S3FileStore } from './s3-store.js';

export function createFileStore(config: Pick<ServerConfig, 's3' | 'dataDir' | 'now'>): FileStore {
  return config.s3
    ? new S3FileStore(config.s3, config.now)
    : new DirectoryFileStore(path.join(config.dataDir, 'uploads'));
}
