/**
 * Uploaded images (POST /api/zhgd/base/updateFile), kept in the app's file store (files/: DATA_DIR/uploads, or the
 * object storage of PORTAL_STORAGE_URL) under random names and served back by GET /api/zhgd/base/file/{name}. A
 * file lives as long as the record that holds it: deleting a record deletes its files (collections/routes.ts), so a deleted
 * hazard's photos are no longer served to anyone holding the link. Only raster images are accepted, recognised by
 * their first bytes (the client's file name and content type are not trusted); SVG is refused because it can carry
 * script. Names are 128 random bits, so a file is found only through the URL its uploader got (images are shown by
 * <img>, which cannot send the Access-Token header).
 */
import { randomBytes } from 'node:crypto';
import type { FileStore } from '../files/file-store.js';

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const UPLOAD_NAMES = /[0-9a-f]{32}\.(?:png|jpg|gif|webp)/g;

/** The upload names a stored value mentions (a URL, a list of URLs, objects holding them). */
export function uploadNamesIn(value: unknown): string[] {
  return [...new Set(JSON.stringify(value ?? null).match(UPLOAD_NAMES) ?? [])];
}
export const FILE_URL_PREFIX = '/api/zhgd/base/file/';

export interface StoredFile {
  url: string;
  name: string;
  size: number;
  contentType: string;
}

/** The image type of `bytes` by its signature, or undefined. */
export function imageTypeOf(bytes: Buffer): ImageExtension | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

export class Uploads {
  constructor(private readonly store: FileStore) {}

  async save(bytes: Buffer, extension: ImageExtension): Promise<StoredFile> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await this.store.put(name, bytes, IMAGE_TYPES[extension]);
    return { url: `${FILE_URL_PREFIX}${name}`, name, size: bytes.length, contentType: IMAGE_TYPES[extension] };
  }

  /** Deletes the named files; a name that is not an upload's, or a file already gone, is passed over. */
  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.filter((name) => UPLOAD_NAME.test(name)).map((name) => this.store.delete(name)));
  }

  /**
   * The file and its content type, or undefined (bad name, missing file). The type comes from the name, which the
   * upload's signature check chose, never from what the store kept beside the bytes.
   */
  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
    const match = UPLOAD_NAME.exec(name);
    if (!match) return undefined;
    const file = await this.store.get(name);
    return file && { bytes: file.bytes, contentType: IMAGE_TYPES[match[1] as ImageExtension] };
  }
}
