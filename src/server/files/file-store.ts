/**
 * Where the server keeps files (today: uploaded images, portal/uploads.ts): one small interface, built once per app
 * from the configuration (create-file-store.ts) and reached as `app.services.files`. Two stores implement it:
 * - directory-store.ts: a directory of this machine, DATA_DIR/uploads (the default). Several instances need that
 *   directory on storage they all see;
 * - s3-store.ts: a bucket of S3-compatible object storage (MinIO, Aliyun OSS, Tencent COS, AWS S3), PORTAL_STORAGE_URL.
 * Callers name their files by keys and never by a backend: the store decides where the bytes go.
 */

export interface StoredBytes {
  bytes: Buffer;
  /** The type given to `put`; a store that keeps no metadata (the directory) answers application/octet-stream. */
  contentType: string;
}

export interface FileStore {
  /** Stores `bytes` under `key` (a new key: callers make random ones). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or undefined when there is none. A store that cannot answer throws. */
  get(key: string): Promise<StoredBytes | undefined>;
  /** Deletes the file under `key`; a key with no file is passed over. */
  delete(key: string): Promise<void>;
  /**
   * Why the store cannot serve now, or undefined when it can: a readiness check (`GET /readyz`) of a store that lives
   * in another service. Cheap to call often. The directory has none.
   */
  problem?(): Promise<string | undefined>;
  /** Releases what the store holds (connections); called when the app closes. */
  close(): Promise<void>;
}

/**
 * A key is one file name: letters, digits and `.`, `_`, `-`, not starting with a dot, at most 200 characters. No
 * slashes, so a key never leaves the directory of the directory store, and names the same object in a bucket.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

/** Throws for a key `isFileKey` refuses: a caller's mistake, never a user's input passed on unchecked. */
export function checkFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
  return key;
}
