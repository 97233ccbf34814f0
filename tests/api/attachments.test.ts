/**
 * Attachments (POST /api/zhgd/base/uploadAttachment): PDF, Word, Excel, PPT (2007+ and 97-2003), DWG and images,
 * recognised by content and not by name, within a size limit; their addresses carry the uploader's file name and
 * serve the file inline (images, PDF) or as a download under that name; records and approvals hold only addresses
 * the portal serves itself.
 */
import { describe, expect, it } from 'vitest';
import { defaultPortalConfig } from '../../src/server/portal-config.js';
import type { StoredAttachment } from '../../src/server/portal/uploads.js';
import { parseUploadUrl } from '../../src/shared/file-types.js';
import { PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';
import { compoundFile, DWG, multipart, officePackage, pdf, PNG } from './upload-helpers.js';

const t = useTestApp(() => ({ portal: defaultPortalConfig({ attachmentMaxBytes: 256 * 1024 }) }));
const [manager] = useLogins(t, 'manager');

const upload = (caller: Caller, filename: string, body: Buffer | string) =>
  caller.raw({
    method: 'POST',
    url: '/api/zhgd/base/uploadAttachment',
    ...multipart([{ name: 'file', filename, type: 'application/octet-stream', body }]),
  });

async function attach(filename: string, body: Buffer | string): Promise<StoredAttachment> {
  const answer = json<StoredAttachment>(await upload(manager, filename, body));
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data!;
}

describe('attachment types by content', () => {
  it('accepts PDF, Office 2007+ and 97-2003, DWG and images, each served with its own type', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['施工方案.pdf', pdf(), 'pdf', 'application/pdf'],
      ['技术交底.docx', await officePackage(['word/document.xml']), 'docx', 'wordprocessingml'],
      ['材料清单.xlsx', await officePackage(['xl/workbook.xml']), 'xlsx', 'spreadsheetml'],
      ['汇报.pptx', await officePackage(['ppt/presentation.xml']), 'pptx', 'presentationml'],
      ['旧合同.doc', compoundFile('WordDocument'), 'doc', 'application/msword'],
      ['旧台账.xls', compoundFile('Workbook'), 'xls', 'application/vnd.ms-excel'],
      ['旧汇报.ppt', compoundFile('PowerPoint Document'), 'ppt', 'application/vnd.ms-powerpoint'],
      ['总平面图.dwg', DWG, 'dwg', 'image/vnd.dwg'],
      ['现场.png', PNG, 'png', 'image/png'],
    ];
    for (const [filename, bytes, extension, type] of cases) {
      const stored = await attach(filename, bytes);
      expect(stored.name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${extension}$`));
      expect(stored.fileName).toBe(filename);
      expect(stored.size).toBe(bytes.length);
      expect(stored.contentType).toContain(type);
      expect(parseUploadUrl(stored.url)).toEqual({ key: stored.name, extension, displayName: filename });
      const served = await t.app.inject({ method: 'GET', url: stored.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const inline = extension === 'pdf' || extension === 'png';
      expect(served.headers['content-disposition']).toBe(
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
    }
  });

  it('names the file by what it is: a PDF called .docx is kept as a PDF named .pdf', async () => {
    const stored = await attach('会议纪要.docx', pdf());
    expect(stored.name).toMatch(/\.pdf$/);
    expect(stored.fileName).toBe('会议纪要.pdf');
    const unnamed = await attach('', DWG);
    expect(unnamed.fileName).toBe('附件.dwg');
    const pathy = await attach('../../图纸/结构<图>.dwg', DWG);
    expect(pathy.fileName).toBe('结构图.dwg');
  });

  it('refuses what is none of them, whatever its name: script, HTML, SVG, plain ZIP, executable, text', async () => {
    const refused: [string, Buffer | string][] = [
      ['方案.pdf', '<script>alert(1)</script>'],
      ['page.docx', '<!doctype html><html><body>hi</body></html>'],
      ['图.png', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['资料.xlsx', await officePackage([])],
      ['setup.dwg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
      ['说明.doc', compoundFile('Unknown')],
      ['readme.txt', '普通文本'],
    ];
    for (const [filename, body] of refused)
      expect(json(await upload(manager, filename, body)), filename).toEqual({
        msgCode: -400,
        errMsg: '只能上传PDF、Word、Excel、PPT、DWG 图纸或图片',
      });
  });

  it('limits the size, wants a file and a login', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(300 * 1024)]);
    expect(json(await upload(manager, '大文件.pdf', big))).toEqual({ msgCode: -400, errMsg: '文件不能超过 0.3MB' });
    expect(
      json(
        await manager.raw({
          method: 'POST',
          url: '/api/zhgd/base/uploadAttachment',
          ...multipart([{ name: 'note', body: 'x' }]),
        }),
      ),
    ).toEqual({ msgCode: -400, errMsg: '请选择要上传的文件' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/zhgd/base/uploadAttachment',
      ...multipart([{ name: 'file', filename: 'a.pdf', body: pdf() }]),
    });
    expect(json(anonymous).msgCode).toBe(-401);
  });

  it('download=1 saves even a PDF; the name given in the address is cleaned before it reaches the header', async () => {
    const stored = await attach('图纸会审.pdf', pdf());
    const download = await t.app.inject({ method: 'GET', url: `${stored.url}&download=1` });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('图纸会审.pdf')}`,
    );
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/zhgd/base/file/${stored.name}?name=${encodeURIComponent('x"\r\nSet-Cookie: a=b.exe')}`,
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(forged.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('xSet-Cookie a=b.pdf')}`,
    );
  });
});

describe('records and approvals hold only files of the portal', () => {
  it('a labour contract keeps its PDF and Word files; deleting the contract deletes them', async () => {
    const workers = await manager.get<{ dataList: { id: string }[] }>(
      `/api/data/labour-worker?projectId=${PROJECTS.binjiang.id}&pageSize=1`,
    );
    const worker = workers.data!.dataList[0]!.id;
    const scan = await attach('劳动合同.pdf', pdf('Contract'));
    const annex = await attach('补充协议.docx', await officePackage(['word/document.xml']));
    const contract = await manager.post<{ id: string }>('/api/data/labour-contract', {
      projectId: PROJECTS.binjiang.id,
      worker,
      signedDate: '2026-03-01',
      termStart: '2026-03-01',
      files: [scan.url, annex.url],
    });
    expect(contract.msgCode, contract.errMsg).toBe(0);
    const read = await manager.get<{ files: string[] }>(`/api/data/labour-contract/${contract.data!.id}`);
    expect(read.data!.files).toEqual([scan.url, annex.url]);
    expect(
      json(await manager.raw({ method: 'DELETE', url: `/api/data/labour-contract/${contract.data!.id}` })).msgCode,
    ).toBe(0);
    for (const url of [scan.url, annex.url])
      expect(json(await t.app.inject({ method: 'GET', url }))).toEqual({ msgCode: -404, errMsg: '文件不存在' });
  });

  it('another site’s address or a script link in a file field is refused with the field’s title', async () => {
    const workers = await manager.get<{ dataList: { id: string }[] }>(
      `/api/data/labour-worker?projectId=${PROJECTS.binjiang.id}&pageSize=1`,
    );
    for (const address of ['https://evil.example/a.pdf', 'javascript:alert(1)', '/app/../api/user'])
      expect(
        await manager.post('/api/data/labour-contract', {
          projectId: PROJECTS.binjiang.id,
          worker: workers.data!.dataList[0]!.id,
          signedDate: '2026-03-01',
          termStart: '2026-03-01',
          files: [address],
        }),
      ).toMatchObject({ msgCode: -400, errMsg: '合同文件只能是本系统上传的文件' });
  });
});
