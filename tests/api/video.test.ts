/**
 * 视频检索 (module video): camera records are checked (name, stream address, GB/T 28181 id, unique within the
 * project) and scoped to the projects the caller may see; a camera's live playlist and its segments come only
 * through the signed link that the scoped camera list hands out (a forged or missing one is refused); a recorded
 * block plays as VOD HLS; a clip of the recordings is an MP4 of exactly the requested duration (read from its
 * `mvhd` box, no ffprobe needed). Runs on PGlite and on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
interface CameraView {
  id: string;
  name: string;
  play?: { kind: string; url: string };
  unavailable?: string;
}
interface DayRecordings {
  date: string;
  blocks: { from: string; to: string; url: string }[];
}

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, type: String(response.headers['content-type']), body: response.rawPayload };
}

/** The movie's duration in seconds from the mvhd box (inside moov) of an MP4 file. */
function mp4Duration(file: Buffer): number {
  const boxes = (from: number, to: number) => {
    const found = new Map<string, [number, number]>();
    for (let at = from; at + 8 <= to;) {
      const size = file.readUInt32BE(at);
      found.set(file.toString('latin1', at + 4, at + 8), [at + 8, at + size]);
      if (size < 8) break;
      at += size;
    }
    return found;
  };
  const top = boxes(0, file.length);
  expect([...top.keys()].slice(0, 2)).toEqual(['ftyp', 'moov']);
  const [start] = boxes(top.get('moov')![0], top.get('moov')![1]).get('mvhd')!;
  const version = file[start];
  const timescale = file.readUInt32BE(start + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(file.readBigUInt64BE(start + 24)) : file.readUInt32BE(start + 16);
  return duration / timescale;
}

describe('cameras', () => {
  it('checks a camera record and keeps it within its project', async () => {
    const bad = await who.manager.call('POST', '/api/data/video-camera', {
      projectId: PROJECT,
      name: '',
      streamUrl: 'rtsp://x y',
      gbId: '123',
    });
    expect(bad.msgCode).toBe(-400);
    const messages = (bad.data as { errors: { message: string }[] }).errors.map((error) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '请输入摄像头名称',
        '流地址应为 http(s):// 开头的地址，或流媒体服务器上的相对路径（如 live/cam1/index.m3u8）',
        '国标编码应为20位数字（GB/T 28181）',
      ]),
    );
    const made = await who.manager.call<{ id: string }>('POST', '/api/data/video-camera', {
      projectId: PROJECT,
      name: '测试摄像头',
      location: '测试位置',
      streamUrl: 'live/test/index.m3u8',
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    // Two cameras without a GB id are no duplicates; the same name twice is.
    const second = await who.manager.call('POST', '/api/data/video-camera', {
      projectId: PROJECT,
      name: '测试摄像头二',
    });
    expect(second.msgCode, second.errMsg).toBe(0);
    const twice = await who.manager.call('POST', '/api/data/video-camera', { projectId: PROJECT, name: '测试摄像头' });
    expect(twice.errMsg).toBe('本项目已有同名摄像头');

    const list = await who.staff.call<CameraView[]>('GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`);
    expect(list.msgCode, list.errMsg).toBe(0);
    expect(list.data!.map((camera) => camera.name)).toContain('1号门大门口');
    // The demo plays the kind a camera's stream address names: HTTP-FLV for the one ending in .flv.
    expect(list.data!.filter((camera) => camera.play?.kind === 'flv').map((camera) => camera.name)).toEqual([
      '2号塔吊司机室',
    ]);
    expect(
      list.data!.filter((camera) => camera.play?.kind !== 'flv').every((camera) => camera.play?.kind === 'hls'),
    ).toBe(true);

    const outsider = await who.admin.call<{ id: string }>('POST', '/api/data/video-camera', {
      projectId: OTHER_COMPANY_PROJECT,
      name: '外单位摄像头',
    });
    expect(outsider.msgCode, outsider.errMsg).toBe(0);
    expect((await who.manager.call('GET', `/api/video/v1.0/cameras?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode).toBe(
      -403,
    );
    const id = outsider.data!.id;
    expect((await who.manager.call('GET', `/api/video/v1.0/cameras/${id}/recordings`)).msgCode).toBe(-404);
    expect((await who.manager.call('GET', `/api/data/video-camera/${id}`)).msgCode).toBe(-404);
    expect((await who.none.call('GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`)).msgCode).toBe(-401);
  });
});

describe('streams', () => {
  it('serves the live playlist and its segments only through a signed link', async () => {
    const list = await who.manager.call<CameraView[]>('GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`);
    const camera = list.data!.find((item) => item.name === '1号门大门口')!;
    const playlist = await get(camera.play!.url);
    expect(playlist.status).toBe(200);
    expect(playlist.type).toContain('application/vnd.apple.mpegurl');
    const text = playlist.body.toString();
    expect(text).toContain('#EXTM3U');
    const segment = text.split('\n').find((line) => line.endsWith('.ts'))!;
    const bytes = await get(camera.play!.url.replace('index.m3u8', segment));
    expect(bytes.status).toBe(200);
    expect(bytes.type).toContain('video/mp2t');
    expect(bytes.body[0]).toBe(0x47); // MPEG-TS sync byte

    const [, , , , , token] = camera.play!.url.split('/');
    const forged = camera.play!.url.replace(token!, `${token!.slice(0, -4)}AAAA`);
    expect(JSON.parse((await get(forged)).body.toString()).msgCode).toBe(-404);
    const otherCamera = camera.play!.url.replace(token!, token!.replace(camera.id, 'cam-bj-02'));
    expect(JSON.parse((await get(otherCamera)).body.toString()).msgCode).toBe(-404);
    expect(JSON.parse((await get('/api/video/v1.0/media/cam-bj-01/live/index.m3u8')).body.toString()).msgCode).toBe(
      -404,
    );
  });

  it('plays a recorded block and cuts a clip of the requested duration as MP4', async () => {
    const list = await who.manager.call<CameraView[]>('GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`);
    const camera = list.data!.find((item) => item.name === '1号塔吊吊钩')!;
    const day = await who.manager.call<DayRecordings>('GET', `/api/video/v1.0/cameras/${camera.id}/recordings`);
    expect(day.msgCode, day.errMsg).toBe(0);
    // Today so far, without its nightly gap (unless the day has just begun).
    const block = day.data!.blocks.at(-1)!;
    const playlist = (await get(block.url)).body.toString();
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const first = playlist.split('\n').find((line) => line.endsWith('.ts'))!;
    expect((await get(block.url.replace('index.m3u8', first))).body[0]).toBe(0x47);

    const end = Math.floor(Date.parse(block.to) / 1000) - 30;
    const from = new Date((end - 25) * 1000).toISOString();
    const to = new Date(end * 1000).toISOString();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/video/v1.0/cameras/${camera.id}/clip?from=${from}&to=${to}`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''.+\.mp4$/);
    expect(mp4Duration(response.rawPayload)).toBeCloseTo(25, 0);

    const tooLong = await who.manager.call(
      'GET',
      `/api/video/v1.0/cameras/${camera.id}/clip?from=${from}&to=${new Date((end + 700) * 1000).toISOString()}`,
    );
    expect(tooLong.errMsg).toBe('一次最多下载 10 分钟的录像');
    const reversed = await who.manager.call('GET', `/api/video/v1.0/cameras/${camera.id}/clip?from=${to}&to=${from}`);
    expect(reversed.errMsg).toBe('结束时间必须晚于开始时间');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const notRecorded = await who.manager.call(
      'GET',
      `/api/video/v1.0/cameras/${camera.id}/clip?from=${future}&to=${new Date(Date.now() + 3_660_000).toISOString()}`,
    );
    expect(notRecorded.errMsg).toBe('所选时段没有完整的录像，请在时间轴上有录像的时段内选择');
  });

  it('says why there is no video when ffmpeg is missing, instead of a blank player', async () => {
    const other = await t.sibling({
      environment: { ...t.config.environment, PORTAL_FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
    const answer = await other.inject({
      method: 'GET',
      url: `/api/video/v1.0/cameras?projectId=${PROJECT}`,
      headers: { 'access-token': who.manager.token! },
    });
    const cameras = answer.json<{ msgCode: number; data: CameraView[] }>();
    expect(cameras.msgCode).toBe(0);
    expect(cameras.data[0]!.play).toBeUndefined();
    expect(cameras.data[0]!.unavailable).toMatch(/^未找到 ffmpeg，无法生成演示视频/);
  });
});
