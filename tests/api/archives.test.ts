/**
 * 电子档案 (modules/archives): an archive file's electronic file arrives as a resumable upload, interrupted and
 * resumed, and is received as a numbered version whose SHA-256 is the file's; its type is read from its content;
 * the signed link serves the bytes (inline PDF, download under its name) and stops working when altered or
 * expired; deleting the file deletes its versions' bytes; the demo archive has real PDFs; scope as everywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOtherCompany, PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { json, testClock, useTestApp } from './test-app.js';
import { resumableUploads } from './resumable-upload.js';
import { pdf } from './upload-helpers.js';

const clock = testClock();
const t = useTestApp(() => ({ now: clock.now }));
beforeAll(() => addOtherCompany(t.db));
const [manager, staff, outsider] = useLogins(t, 'manager', 'staff', 'other');
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const { tus, upload } = resumableUploads(() => base);

type Version = {
  id: string;
  version: number;
  fileName: string;
  fileType: string;
  fileSize: number;
  sha256: string;
  link: string;
};

async function newFile(fileNo: string): Promise<string> {
  const created = await manager.post<{ id: string }>('/api/data/archive-file', {
    projectId: PROJECTS.binjiang.id,
    fileNo,
    title: '地下室底板大体积混凝土施工方案',
    category: 'shigong',
    retention: 'long',
    secrecy: 'public',
    pages: 3,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  return created.data!.id;
}

describe('archive file versions', () => {
  it('receives a resumed upload as version 1 with the file’s SHA-256, then version 2; lists and serves them', async () => {
    const id = await newFile('BJ-C-SG-09-001');
    const bytes = Buffer.concat([pdf('Scheme'), randomBytes(2 * 1024 * 1024)]);
    const uploadId = await upload(manager, bytes, '大体积混凝土施工方案.pdf');
    const first = await manager.post<Version>(`/api/archive/v1.0/files/${id}/versions`, {
      upload: uploadId,
      note: '报审版',
    });
    expect(first.msgCode, first.errMsg).toBe(0);
    expect(first.data).toMatchObject({
      version: 1,
      fileName: '大体积混凝土施工方案.pdf',
      fileType: 'pdf',
      fileSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });

    const second = await manager.post<Version>(`/api/archive/v1.0/files/${id}/versions`, {
      upload: await upload(manager, pdf('Signed'), '施工方案（盖章版）.pdf'),
    });
    expect(second.data!.version).toBe(2);

    const list = await manager.get<Version[]>(`/api/archive/v1.0/files/${id}/versions`);
    expect(list.data!.map((v) => v.version)).toEqual([2, 1]);
    const record = await manager.get<Record<string, unknown>>(`/api/data/archive-file/${id}`);
    expect(record.data).toMatchObject({ currentVersion: 2, fileName: '施工方案（盖章版）.pdf', fileTypeLabel: 'PDF' });

    // The signed link serves the bytes with their checksum, inline, or as a download under the file's name.
    const served = await t.app.inject({ method: 'GET', url: list.data![1]!.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`);
    const saved = await t.app.inject({ method: 'GET', url: `${list.data![1]!.link}&download=1` });
    expect(saved.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('大体积混凝土施工方案.pdf')}`,
    );
  });

  it('refuses an upload that is not finished, another user’s, or not an archivable type', async () => {
    const id = await newFile('BJ-C-SG-09-002');
    const created = await tus('POST', '/api/files/uploads', manager.token, {
      'upload-length': 100,
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
    });
    const unfinished = String(created.headers.location).split('/').pop()!;
    expect(await manager.post(`/api/archive/v1.0/files/${id}/versions`, { upload: unfinished })).toMatchObject({
      msgCode: -400,
      errMsg: '文件尚未上传完成，请重新上传',
    });
    const others = await upload(staff, pdf(), 'x.pdf');
    expect((await manager.post(`/api/archive/v1.0/files/${id}/versions`, { upload: others })).msgCode).toBe(-400);
    const script = await upload(manager, Buffer.from('<script>alert(1)</script>'), '方案.pdf');
    expect(await manager.post(`/api/archive/v1.0/files/${id}/versions`, { upload: script })).toMatchObject({
      msgCode: -400,
      errMsg: '只能归档PDF、Word、Excel、PPT、DWG 图纸或图片',
    });
  });

  it('a link altered or older than half an hour is refused', async () => {
    const id = await newFile('BJ-C-SG-09-003');
    const version = (
      await manager.post<Version>(`/api/archive/v1.0/files/${id}/versions`, {
        upload: await upload(manager, pdf(), 'a.pdf'),
      })
    ).data!;
    const [path = '', query = ''] = version.link.split('?');
    const altered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}?${query}`;
    expect(json(await t.app.inject({ method: 'GET', url: altered }))).toEqual({
      msgCode: -404,
      errMsg: '链接已失效，请刷新页面后重试',
    });
    const now = clock.now();
    clock.advance(31 * 60 * 1000);
    expect(json(await t.app.inject({ method: 'GET', url: version.link })).msgCode).toBe(-404);
    // Back to the time the sessions of this file were opened in.
    clock.set(now);
  });

  it('deleting the file deletes its versions and their bytes', async () => {
    const id = await newFile('BJ-C-SG-09-004');
    const uploadId = await upload(manager, pdf(), 'a.pdf');
    await manager.post(`/api/archive/v1.0/files/${id}/versions`, { upload: uploadId });
    expect(json(await manager.raw({ method: 'DELETE', url: `/api/data/archive-file/${id}` })).msgCode).toBe(0);
    // The bytes go once the response is out (the record is really gone).
    await expect.poll(() => t.app.services.resumableUploads.finished(uploadId, 'user-manager')).toBeUndefined();
  });

  it('the demo archive has its cases, files and real PDFs, version 1 each', async () => {
    const files = await manager.get<{ dataList: Record<string, unknown>[]; total: number }>(
      `/api/data/archive-file?projectId=${PROJECTS.binjiang.id}&category=jijian&pageSize=50`,
    );
    expect(files.data!.total).toBe(3);
    for (const file of files.data!.dataList) {
      expect(file).toMatchObject({ currentVersion: 1, fileTypeLabel: 'PDF' });
      const served = await t.app.inject({ method: 'GET', url: String(file.fileLink) });
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(file.sha256);
    }
  });

  it('another company’s user reaches neither the versions nor the upload of this project’s files', async () => {
    const files = await manager.get<{ dataList: { id: string }[] }>(
      `/api/data/archive-file?projectId=${PROJECTS.binjiang.id}&pageSize=1`,
    );
    const id = files.data!.dataList[0]!.id;
    expect((await outsider.get(`/api/archive/v1.0/files/${id}/versions`)).msgCode).toBe(-404);
    const own = await upload(outsider, pdf(), 'x.pdf');
    expect((await outsider.post(`/api/archive/v1.0/files/${id}/versions`, { upload: own })).msgCode).toBe(-404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/archive/v1.0/files/${id}/versions` });
    expect(json(anonymous).msgCode).toBe(-401);
  });
});
