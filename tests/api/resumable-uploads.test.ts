/**
 * Resumable uploads (tus 1.0.0 at /api/files/uploads): a large file sent in chunks over a real connection that
 * breaks halfway is resumed from the offset the server reports, and what arrives is byte for byte the file (its
 * SHA-256); an upload is its creator's only; the size limit and the login are enforced.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPortalConfig } from '../../src/server/portal-config.js';
import { useLogins } from './portal-helpers.js';
import { useTestApp } from './test-app.js';

const MAX = 4 * 1024 * 1024;
const t = useTestApp(() => ({ portal: defaultPortalConfig({ resumableMaxBytes: MAX }) }));
const [manager, staff] = useLogins(t, 'manager', 'staff');
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One tus request over a real connection; `breakAfter` bytes of the body are sent, then the connection is cut. */
function tus(
  method: string,
  path: string,
  token: string | undefined,
  headers: Record<string, string | number> = {},
  body?: Buffer,
  breakAfter?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        headers: {
          'tus-resumable': '1.0.0',
          ...(token ? { 'access-token': token } : {}),
          ...(body ? { 'content-type': 'application/offset+octet-stream', 'content-length': body.length } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    req.on('error', (error) =>
      breakAfter === undefined ? reject(error) : resolve({ status: 0, headers: {}, body: '' }),
    );
    if (body && breakAfter !== undefined) {
      req.write(body.subarray(0, breakAfter), () => setTimeout(() => req.destroy(), 200));
    } else req.end(body);
  });
}

const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

async function create(token: string, size: number, name = '竣工图.pdf'): Promise<string> {
  const created = await tus('POST', '/api/files/uploads', token, {
    'upload-length': size,
    'upload-metadata': metadata(name),
  });
  expect(created.status, created.body).toBe(201);
  return String(created.headers.location);
}

describe('resumable uploads', () => {
  it('resumes a broken upload at the offset the server has, and keeps the file byte for byte', async () => {
    const file = randomBytes(3 * 1024 * 1024 + 123);
    const location = await create(manager.token, file.length);
    expect(location).toMatch(/^\/api\/files\/uploads\/upload-[0-9a-f]{32}$/);

    // The connection breaks after 1.5 MB of the first PATCH.
    await tus('PATCH', location, manager.token, { 'upload-offset': 0 }, file, 1536 * 1024);
    const head = await tus('HEAD', location, manager.token);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);

    const id = location.split('/').pop()!;
    expect(await t.app.services.resumableUploads.finished(id, 'user-manager')).toBeUndefined();
    const rest = await tus('PATCH', location, manager.token, { 'upload-offset': offset }, file.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(file.length);

    expect(await t.app.services.resumableUploads.finished(id, 'user-manager')).toEqual({
      id,
      size: file.length,
      fileName: '竣工图.pdf',
    });
    expect(await t.app.services.resumableUploads.sha256(id)).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('is its creator’s only: another user can neither see, continue nor take it over', async () => {
    const file = randomBytes(1000);
    const location = await create(manager.token, file.length);
    const id = location.split('/').pop()!;
    expect((await tus('HEAD', location, staff.token)).status).toBe(404);
    expect((await tus('PATCH', location, staff.token, { 'upload-offset': 0 }, file)).status).toBe(404);
    expect((await tus('PATCH', location, manager.token, { 'upload-offset': 0 }, file)).status).toBe(204);
    expect(await t.app.services.resumableUploads.finished(id, 'user-staff')).toBeUndefined();
    expect(await t.app.services.resumableUploads.finished(id, 'user-manager')).toMatchObject({ size: 1000 });
  });

  it('refuses a file over the limit, one without a name, and anyone not signed in', async () => {
    const over = await tus('POST', '/api/files/uploads', manager.token, {
      'upload-length': MAX + 1,
      'upload-metadata': metadata('大模型.ifc'),
    });
    expect(over.status).toBe(413);
    const nameless = await tus('POST', '/api/files/uploads', manager.token, { 'upload-length': 10 });
    expect(nameless.status).toBe(400);
    expect(nameless.body).toBe('请提供文件名');
    const anonymous = await tus('POST', '/api/files/uploads', undefined, {
      'upload-length': 10,
      'upload-metadata': metadata('a.pdf'),
    });
    expect(JSON.parse(anonymous.body)).toMatchObject({ msgCode: -401 });
  });
});
