/**
 * Large files uploaded in chunks that resume after a broken connection: the tus protocol (tus.io, v1.0.0) through
 * @tus/server, at POST/HEAD/PATCH/DELETE /api/files/uploads[/<id>] (routes/api/files/uploads.ts), with tus-js-client
 * in the browser. The chunks go where the app's other files go: the bucket of PORTAL_STORAGE_URL (@tus/s3-store,
 * a multipart upload per file, so every instance sees them) or the directory DATA_DIR/resumable (@tus/file-store).
 * A module takes a finished upload over by its id (an archive file's version): it reads it as a stream, hashes it,
 * and deletes it with its record. Each upload belongs to the user who created it: only they can continue, read
 * back or delete it, and a module asks `finished(id, userId)` before taking one over.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore as TusFileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, Upload, type DataStore } from '@tus/server';
import type { ServerConfig } from '../config.js';

/** Where the routes are mounted. */
export const RESUMABLE_UPLOADS_PATH = '/api/files/uploads';
/** The header the route sets (after removing any the client sent) to name the authenticated uploader. */
export const UPLOADER_HEADER = 'x-portal-uploader';
/** Parts of an S3 multipart upload: 8 MiB (S3 wants at least 5 MiB for every part but the last). */
const S3_PART_BYTES = 8 * 1024 * 1024;

export interface FinishedUpload {
  id: string;
  size: number;
  /** The name the browser gave (metadata `filename`), cleaned by the caller before it is shown. */
  fileName: string;
}

/** The answer a tus request gets when it is refused: its status and a Chinese reason. */
function refusal(status_code: number, body: string): { status_code: number; body: string } {
  return { status_code, body };
}

export class ResumableUploads {
  readonly server: Server;
  private readonly store: DataStore;

  constructor(
    config: Pick<ServerConfig, 's3' | 'dataDir'>,
    readonly maxBytes: number,
  ) {
    this.store = config.s3
      ? new S3Store({
          partSize: S3_PART_BYTES,
          s3ClientConfig: {
            bucket: config.s3.bucket,
            endpoint: config.s3.endpoint,
            region: config.s3.region,
            forcePathStyle: config.s3.forcePathStyle,
            credentials: config.s3.credentials,
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          },
        })
      : new TusFileStore({ directory: path.join(config.dataDir, 'resumable') });
    this.server = new Server({
      path: RESUMABLE_UPLOADS_PATH,
      datastore: this.store,
      maxSize: maxBytes,
      relativeLocation: true,
      respectForwardedHeaders: true,
      namingFunction: () => `upload-${randomBytes(16).toString('hex')}`,
      onUploadCreate: async (request, upload) => {
        const uploader = request.headers.get(UPLOADER_HEADER);
        if (!uploader) throw refusal(401, '请先登录');
        if (!upload.metadata?.filename) throw refusal(400, '请提供文件名');
        return { metadata: { ...upload.metadata, uploader } };
      },
      onIncomingRequest: async (request, id) => {
        // Creating has no id yet; every later request is about one upload, and only its uploader may touch it.
        const uploader = request.headers.get(UPLOADER_HEADER);
        const upload = await this.upload(id);
        if (upload && upload.metadata?.uploader !== uploader) throw refusal(404, '上传不存在');
      },
    });
  }

  /** Hands a request of the tus routes to the tus server (the route authenticated it and set UPLOADER_HEADER). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    return this.server.handle(request, response);
  }

  private async upload(id: string): Promise<Upload | undefined> {
    try {
      return await this.store.getUpload(id);
    } catch {
      return undefined;
    }
  }

  /** The upload `id` of `userId` when all its bytes have arrived, else undefined (unknown, another's, unfinished). */
  async finished(id: string, userId: string): Promise<FinishedUpload | undefined> {
    if (!/^upload-[0-9a-f]{32}$/.test(id)) return undefined;
    const upload = await this.upload(id);
    if (!upload || upload.metadata?.uploader !== userId || upload.size === undefined) return undefined;
    if (upload.offset !== upload.size) return undefined;
    return { id, size: upload.size, fileName: upload.metadata?.filename ?? '' };
  }

  /** The bytes of a finished upload, as a stream. */
  async read(id: string): Promise<Readable> {
    const store = this.store as DataStore & { read(id: string): Readable | Promise<Readable> };
    return store.read(id);
  }

  /** The first bytes of an upload (what its type is recognised by). */
  async head(id: string, bytes = 1024 * 1024): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    const stream = await this.read(id);
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) break;
    }
    stream.destroy();
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  /** The SHA-256 of an upload's bytes, hex. */
  async sha256(id: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of await this.read(id)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /**
   * Stores `bytes` as a finished upload of `uploader` in one go: what the server makes itself (demo archives,
   * generated files) takes the same path as what browsers send.
   */
  async put(bytes: Buffer, fileName: string, uploader: string): Promise<string> {
    const id = `upload-${randomBytes(16).toString('hex')}`;
    const upload = new Upload({ id, size: bytes.length, offset: 0, metadata: { filename: fileName, uploader } });
    await this.store.create(upload);
    await this.store.write(Readable.from([bytes]), id, 0);
    return id;
  }

  /** Deletes an upload; one already gone is passed over. */
  async remove(id: string): Promise<void> {
    try {
      await this.store.remove(id);
    } catch {
      // already gone
    }
  }
}
