/**
 * Uploaded files in S3-compatible object storage (PORTAL_STORAGE_URL, src/server/files/s3-store.ts) against a real S3 server
 * run by the test (@20minutes/s3rver on a free port of this machine, its objects in a temporary directory), with a
 * bucket the test creates through the AWS SDK: an image uploaded to one instance is served by another instance with
 * a DATA_DIR of its own, deleting its record on either deletes the object, and /readyz names the bucket while the
 * storage does not answer, asking it at most every few seconds.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../src/server/config.js';
import { PROBE_EVERY_MS } from '../../src/server/files/s3-store.js';
import type { StoredFile } from '../../src/server/portal/uploads.js';
import { loginAs, PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { json, testClock, useTestApp } from './test-app.js';
import { multipart, PNG } from './upload-helpers.js';

const BUCKET = 'portal-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }; // s3rver's built-in account

let storageDir = '';
let storage: S3rver | undefined;
let port = 0;
let bucket: S3Client;

/** Starts the S3 server (again on the same port and directory after a stop: its buckets and objects are still there). */
async function startStorage(): Promise<void> {
  // Signatures are not checked: s3rver checks those of object requests, but reads a bucket request's path `/bucket/`
  // (as the SDK sends it) as `/bucket`, so it would refuse the correct signatures of CreateBucket and HeadBucket.
  storage = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: storageDir,
    allowMismatchedSignatures: true,
  });
  port = (await storage.run()).port;
}

async function stopStorage(): Promise<void> {
  await storage?.close();
  storage = undefined;
}

const s3 = (): S3Config => ({
  endpoint: `http://127.0.0.1:${port}`,
  bucket: BUCKET,
  region: 'us-east-1',
  credentials: CREDENTIALS,
  forcePathStyle: true,
});

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  await startStorage();
  bucket = new S3Client({
    endpoint: s3().endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  await bucket.send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(async () => {
  bucket?.destroy();
  await stopStorage();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
});

// The readiness answer is kept PROBE_EVERY_MS by the app's clock: the test moves it instead of waiting.
const clock = testClock();
// The storage's address exists once it listens (beforeAll above).
const t = useTestApp(() => ({ s3: s3(), now: clock.now }));
const [manager] = useLogins(t, 'manager');

const otherDataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-other-'));
afterAll(() => rmSync(otherDataDir, { recursive: true, force: true }));

const upload = async (caller: Caller, filename: string): Promise<StoredFile> => {
  const response = await caller.raw({
    method: 'POST',
    url: '/api/zhgd/base/updateFile',
    ...multipart([{ name: 'file', filename, body: PNG }]),
  });
  const body = json<StoredFile>(response);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
};

/** The object under `key` in the bucket, read past the portal; undefined when there is none. */
async function objectIn(key: string): Promise<{ bytes: Buffer; contentType?: string } | undefined> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

describe('uploads in object storage', () => {
  it('an image uploaded to one instance is served by another with its own DATA_DIR; neither keeps it on disk', async () => {
    const other = await t.sibling({ dataDir: otherDataDir });
    const uploaded = await upload(manager, 'site.png');
    expect(uploaded).toMatchObject({ size: PNG.length, contentType: 'image/png' });

    for (const app of [t.app, other]) {
      const served = await app.inject({ method: 'GET', url: uploaded.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG)).toBe(true);
    }
    const object = await objectIn(uploaded.name);
    expect(object?.contentType).toBe('image/png');
    expect(object?.bytes.equals(PNG)).toBe(true);
    for (const dataDir of [t.config.dataDir, otherDataDir])
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('deleting a record on another instance deletes its files from the bucket: every instance answers 文件不存在', async () => {
    const other = await t.sibling({ dataDir: otherDataDir });
    const uploaded = await upload(manager, 'a.png');
    const kept = await upload(manager, 'b.png');
    const course = await manager.post<{ id: string }>('/api/data/safety-course', {
      projectId: PROJECTS.binjiang.id,
      title: '课件在对象存储里的课程',
      courseType: 'special',
      hours: 2,
      attachments: [uploaded.url],
    });
    expect(course.msgCode, course.errMsg).toBe(0);

    const otherManager = await loginAs(other, 'manager');
    const removed = await otherManager.raw({ method: 'DELETE', url: `/api/data/safety-course/${course.data!.id}` });
    expect(json(removed).msgCode).toBe(0);
    expect(await objectIn(uploaded.name)).toBeUndefined();
    for (const app of [t.app, other])
      expect(json(await app.inject({ method: 'GET', url: uploaded.url }))).toEqual({
        msgCode: -404,
        errMsg: '文件不存在',
      });
    // A file no deleted record held stays.
    expect(await objectIn(kept.name)).toBeDefined();
    expect((await other.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
  });

  it('a bucket that does not exist is named by /readyz', async () => {
    const other = await t.sibling({ dataDir: otherDataDir, s3: { ...s3(), bucket: 'no-such-bucket' } });
    const response = await other.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json<Readiness>().checks.files).toBe('bucket "no-such-bucket" does not exist');
  });
});

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

describe('readiness', () => {
  const readiness = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { code: response.statusCode, body: response.json<Readiness>() };
  };

  it('is not ready while the storage does not answer, and ready again once it is back', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await readiness()).toEqual({ code: 200, body: { status: 'ok', checks: { database: 'ok', files: 'ok' } } });

    await stopStorage();
    // The storage is asked at most every PROBE_EVERY_MS: until then the last answer stands.
    expect((await readiness()).code).toBe(200);
    clock.advance(PROBE_EVERY_MS);
    const down = await readiness();
    expect(down.code).toBe(503);
    expect(down.body.status).toBe('unavailable');
    expect(down.body.checks).toMatchObject({ database: 'ok' });
    expect(down.body.checks.files).toMatch(/^bucket "portal-files": .*(ECONNREFUSED|ECONNRESET|socket hang up)/);
    // Uploads fail meanwhile (-500), and nothing is stored.
    const failed = await manager.raw({
      method: 'POST',
      url: '/api/zhgd/base/updateFile',
      ...multipart([{ name: 'file', filename: 'down.png', body: PNG }]),
    });
    expect(json(failed).msgCode).toBe(-500);

    await startStorage();
    // The next probe finds it back (a probe that a busy machine kept past its timeout is asked again later).
    await expect
      .poll(async () => {
        clock.advance(PROBE_EVERY_MS);
        return readiness();
      })
      .toEqual({ code: 200, body: { status: 'ok', checks: { database: 'ok', files: 'ok' } } });
  });
});
