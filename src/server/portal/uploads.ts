/**
 * Uploaded files (POST /api/zhgd/base/updateFile for images, /uploadAttachment for attachments), kept in the app's
 * file store (files/: DATA_DIR/uploads, or the object storage of PORTAL_STORAGE_URL) under random names and served
 * back by GET /api/zhgd/base/file/{name}. A file lives as long as the record that holds it: deleting a record
 * deletes its files (collections/routes.ts), so a deleted hazard's photos are no longer served to anyone holding
 * the link. A file's type is recognised by its first bytes (file-signature.ts; the client's file name and content
 * type are not trusted) and becomes the stored name's extension; SVG is refused because it can carry script.
 * Names are 128 random bits, so a file is found only through the URL its uploader got (images are shown by <img>,
 * which cannot send the Access-Token header).
 */
import { randomBytes } from 'node:crypto';
import { FILE_TYPES, UPLOAD_NAME, displayNameFor, uploadUrl, type FileExtension } from '../../shared/file-types.js';
import type { FileStore } from '../files/file-store.js';

export interface StoredFile {
  url: string;
  /** The stored file's key; for an attachment, `fileName` is what people called it. */
  name: string;
  size: number;
  contentType: string;
}

export interface StoredAttachment extends StoredFile {
  fileName: string;
}

export class Uploads {
  constructor(private readonly store: FileStore) {}

  /** Keeps an image (its address carries no file name: images are shown, not saved). */
  async save(bytes: Buffer, extension: FileExtension): Promise<StoredFile> {
    const name = await this.put(bytes, extension);
    return { url: uploadUrl(name), name, size: bytes.length, contentType: FILE_TYPES[extension].contentType };
  }

  /** Keeps an attachment: its address carries the uploader's file name, ending in the type it really is. */
  async saveAttachment(bytes: Buffer, extension: FileExtension, uploadedName?: string): Promise<StoredAttachment> {
    const name = await this.put(bytes, extension);
    const fileName = displayNameFor(uploadedName, extension);
    const { contentType } = FILE_TYPES[extension];
    return { url: uploadUrl(name, fileName), name, fileName, size: bytes.length, contentType };
  }

  private async put(bytes: Buffer, extension: FileExtension): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await this.store.put(name, bytes, FILE_TYPES[extension].contentType);
    return name;
  }

  /** Deletes the named files; a name that is not an upload's, or a file already gone, is passed over. */
  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.filter((name) => UPLOAD_NAME.test(name)).map((name) => this.store.delete(name)));
  }

  /**
   * The file and its type, or undefined (bad name, missing file). The type comes from the name, which the upload's
   * signature check chose, never from what the store kept beside the bytes.
   */
  async read(name: string): Promise<{ bytes: Buffer; extension: FileExtension } | undefined> {
    const match = UPLOAD_NAME.exec(name);
    if (!match) return undefined;
    const file = await this.store.get(name);
    return file && { bytes: file.bytes, extension: match[1] as FileExtension };
  }
}
