/**
 * Files in a bucket of S3-compatible object storage (MinIO, Aliyun OSS, Tencent COS, AWS S3), through the AWS SDK v3
 * (@aws-sdk/client-s3): one object per key, with its content type, so every instance that reaches the bucket sees
 * what any of them stored. The SDK is loaded when the store is first used, so an instance without object storage
 * never holds it. Its readiness (`problem`) is a HeadBucket, asked at most every PROBE_EVERY_MS and shared by the
 * probes meanwhile, so a balancer polling /readyz does not turn into a stream of requests to the storage.
 */
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Clock, S3Config } from '../config.js';
import { onFirstUse } from '../lib/first-use.js';
import { checkFileKey, isFileKey, type FileStore, type StoredBytes } from './file-store.js';

const sdk = onFirstUse(() => import('@aws-sdk/client-s3'));

/** How long a readiness answer stands. */
export const PROBE_EVERY_MS = 5000;
/** A HeadBucket that takes longer counts as failed (the readiness probe itself gives up after 2 s). */
const PROBE_TIMEOUT_MS = 1500;

/** The HTTP status of an S3 error, when the service answered. */
function statusOf(error: unknown): number | undefined {
  return (error as Partial<S3ServiceException> | undefined)?.$metadata?.httpStatusCode;
}

export class S3FileStore implements FileStore {
  private client: Promise<S3Client> | undefined;
  private probe: { at: number; answer: Promise<string | undefined> } | undefined;

  constructor(
    private readonly config: S3Config,
    private readonly now: Clock = () => new Date(),
  ) {}

  private connect(): Promise<S3Client> {
    this.client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: this.config.endpoint,
          region: this.config.region,
          forcePathStyle: this.config.forcePathStyle,
          credentials: this.config.credentials,
          // Only the checksums the S3 API requires: OSS, COS and older MinIO refuse or mishandle the ones the SDK adds
          // by default; TLS and Content-Length guard the transfer as they do for every other request.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000, throwOnRequestTimeout: true },
        }),
    );
    return this.client;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const [client, { PutObjectCommand }] = await Promise.all([this.connect(), sdk()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkFileKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredBytes | undefined> {
    if (!isFileKey(key)) return undefined;
    const [client, { GetObjectCommand }] = await Promise.all([this.connect(), sdk()]);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      return {
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      // No such key; a missing bucket (also a 404) is the storage failing, not the file.
      if (statusOf(error) === 404 && (error as Error).name !== 'NoSuchBucket') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isFileKey(key)) return;
    const [client, { DeleteObjectCommand }] = await Promise.all([this.connect(), sdk()]);
    // S3 answers a deleted key and an absent one alike.
    await client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  problem(): Promise<string | undefined> {
    const at = this.now().getTime();
    if (!this.probe || at - this.probe.at >= PROBE_EVERY_MS || at < this.probe.at)
      this.probe = { at, answer: this.headBucket() };
    return this.probe.answer;
  }

  /** Undefined when the bucket answers, else why not (never rejects). */
  private async headBucket(): Promise<string | undefined> {
    const { bucket } = this.config;
    try {
      const [client, { HeadBucketCommand }] = await Promise.all([this.connect(), sdk()]);
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      return undefined;
    } catch (error) {
      const status = statusOf(error);
      const name = error instanceof Error ? error.name : '';
      if (name === 'AbortError' || name === 'TimeoutError')
        return `bucket "${bucket}": no answer within ${PROBE_TIMEOUT_MS} ms`;
      if (status === 404) return `bucket "${bucket}" does not exist`;
      if (status === 401 || status === 403) return `bucket "${bucket}": access denied (HTTP ${status})`;
      const reason = error instanceof Error ? error.message || error.name : String(error);
      return `bucket "${bucket}": ${status ? `HTTP ${status} ` : ''}${reason}`;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) (await client.catch(() => undefined))?.destroy();
  }
}
