/**
 * 视频检索 beyond HLS: what kind a stream address is (HTTP-FLV plays in mpegts.js); the demo HTTP-FLV camera, an
 * endless FLV response over real HTTP whose ffmpeg stops when the viewer goes; which camera 查看录像 opens for a
 * warning or a hazard (the one nearest the place it names); and the recordings of an external
 * MediaMTX (PORTAL_MEDIA_PLAYBACK_URL), its playback API (/list, /get) answered by a small HTTP server of this file
 * standing in for MediaMTX, which cannot be installed here: the portal lists the camera's recorded timespans on its
 * timeline, relays a stretch of them from a moment (fMP4) and a clip (MP4), and says why when it cannot.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, runFfmpeg } from '../../modules/video/server/ffmpeg.js';
import { mediaServerPath, streamKind } from '../../modules/video/server/stream-kind.js';
import { nearestCamera } from '../../modules/video/browser/video-types.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
interface CameraView {
  id: string;
  name: string;
  play?: { kind: string; url: string };
}
interface DayRecordings {
  date: string;
  retentionDays?: number;
  blocks: { from: string; to: string; url: string; kind: string }[];
}

const t = useTestApp();
const who = useCallers(t);
const ffmpeg = findFfmpeg('')!;

describe('stream kinds', () => {
  it('plays .flv addresses of the media servers with mpegts.js and the rest as HLS', () => {
    expect(streamKind('live/cam1.flv')).toBe('flv'); // SRS
    expect(streamKind('http://zlm.site:8080/live/cam1.live.flv?secret=1')).toBe('flv'); // ZLMediaKit
    expect(streamKind('https://m7s.site/hdl/live/cam1.flv')).toBe('flv'); // Monibuca
    expect(streamKind('live/cam1/index.m3u8')).toBe('hls'); // MediaMTX
    expect(streamKind('http://srs.site/live/cam1.m3u8')).toBe('hls');
    expect(streamKind('http://flv.site/live/cam1/index.m3u8')).toBe('hls');
  });

  it('opens the recording of the camera nearest the place a warning or a hazard names', () => {
    const cameras = [
      { name: '1号门大门口', location: '东侧主入口闸机上方' },
      { name: '1号塔吊吊钩', location: '1号楼北侧塔吊大臂' },
      { name: '2号塔吊司机室', location: '3号楼南侧2号塔吊驾驶室' },
      { name: '3号楼基坑', location: '3号楼基坑东北角' },
      { name: '钢筋加工棚', location: '场区西侧加工区' },
    ];
    const near = (place: string | undefined) => nearestCamera(cameras, place)?.name;
    expect(near('1号塔吊')).toBe('1号塔吊吊钩'); // a device
    expect(near('2号塔吊')).toBe('2号塔吊司机室');
    expect(near('地下室基坑北侧')).toBe('3号楼基坑'); // a hazard's 部位
    expect(near('钢筋加工场')).toBe('钢筋加工棚');
    expect(near('生活区水表')).toBe('1号门大门口'); // nothing near: the first camera
    expect(near(undefined)).toBe('1号门大门口');
    expect(nearestCamera([], '1号塔吊')).toBeUndefined();
  });

  it("names a camera's recordings on MediaMTX by its stream address", () => {
    expect(mediaServerPath('live/cam1/index.m3u8')).toBe('live/cam1');
    expect(mediaServerPath('http://mtx.site:8888/cam1/index.m3u8?token=x')).toBe('cam1');
    expect(mediaServerPath('live/cam1.flv')).toBe('live/cam1');
    expect(mediaServerPath('live/cam1.live.flv')).toBe('live/cam1');
    expect(mediaServerPath('cam1')).toBe('cam1');
  });
});

/** This process's ffmpeg children writing FLV to a response. */
function flvProcesses(): number {
  const out = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('-f flv pipe:1')).length;
}

describe('the demo HTTP-FLV camera', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('streams FLV over HTTP (header, metadata, H.264 from a key frame) until the viewer goes', async () => {
    const list = await who.manager.call<CameraView[]>('GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`);
    const flv = list.data!.find((camera) => camera.id === 'cam-bj-07')!;
    expect(flv.play!.kind).toBe('flv');
    expect(flv.play!.url).toMatch(/\/live\/stream\.flv$/);
    expect(list.data!.filter((camera) => camera.play?.kind === 'hls').length).toBe(list.data!.length - 1);

    const viewer = new AbortController();
    const response = await fetch(`${base}${flv.play!.url}`, { signal: viewer.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/x-flv');
    const reader = response.body!.getReader();
    let bytes = Buffer.alloc(0);
    // Tags: 11-byte head (type, 24-bit size, ...), the data, a 4-byte back pointer.
    const tags: { type: number; first: number; second: number }[] = [];
    let at = 13;
    while (tags.filter((tag) => tag.type === 9).length < 3) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      bytes = Buffer.concat([bytes, value!]);
      while (at + 11 <= bytes.length) {
        const size = bytes.readUIntBE(at + 1, 3);
        if (at + 11 + size + 4 > bytes.length) break;
        tags.push({ type: bytes[at]!, first: bytes[at + 11]!, second: bytes[at + 12]! });
        at += 11 + size + 4;
      }
    }
    expect(bytes.toString('latin1', 0, 3)).toBe('FLV');
    expect(bytes[4]! & 1).toBe(1); // has video
    expect(tags[0]!.type).toBe(18); // onMetaData
    const video = tags.filter((tag) => tag.type === 9);
    expect(video[0]!.first).toBe(0x17); // key frame, AVC
    expect(video[0]!.second).toBe(0); // the AVC sequence header
    expect(video[1]!.first).toBe(0x17); // a key frame first
    expect(flvProcesses()).toBe(1);

    viewer.abort();
    await expect.poll(flvProcesses, { timeout: 10_000 }).toBe(0);
  });
});

describe('the recordings of an external MediaMTX', () => {
  interface Asked {
    endpoint: string;
    query: Record<string, string>;
    authorization: string | undefined;
  }
  const asked: Asked[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'video-mediamtx-'));
  const clipFile = path.join(work, 'clip.mp4');
  let stand: Server;
  let mediamtx = '';
  let portal: FastifyInstance;
  // Yesterday in China: 08:00 for an hour, 10:30 for half an hour and a half second.
  const day = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
  const spans = [
    { start: `${day}T08:00:00+08:00`, duration: 3600 },
    { start: `${day}T10:30:00+08:00`, duration: 1800.5 },
  ];

  beforeAll(async () => {
    // What /get answers: a fragmented MP4 of 3 seconds made by the module's ffmpeg.
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', clipFile],
    ]);
    stand = createServer((request, response) => {
      const url = new URL(request.url!, 'http://mediamtx');
      const query = Object.fromEntries(url.searchParams);
      asked.push({ endpoint: url.pathname, query, authorization: request.headers.authorization });
      if (request.headers.authorization !== `Basic ${Buffer.from('viewer:s3cret').toString('base64')}`) {
        response.writeHead(401).end();
        return;
      }
      if (url.pathname === '/list') {
        const from = Date.parse(query.start!);
        const to = Date.parse(query.end!);
        const found =
          query.path === 'live/bj-gate-1'
            ? spans.filter(
                (span) => Date.parse(span.start) < to && Date.parse(span.start) + span.duration * 1000 > from,
              )
            : [];
        if (found.length === 0) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no recordings found"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(found.map((span) => ({ ...span, url: `http://mediamtx/get?path=${query.path}` }))));
        return;
      }
      if (url.pathname === '/get') {
        response.writeHead(200, { 'content-type': 'video/mp4' }).end(readFileSync(clipFile));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    mediamtx = `127.0.0.1:${(stand.address() as AddressInfo).port}`;
    portal = await t.sibling({
      environment: {
        ...t.config.environment,
        PORTAL_MEDIA_URL: `http://${mediamtx}/hls`,
        PORTAL_MEDIA_PLAYBACK_URL: `http://viewer:s3cret@${mediamtx}`,
      },
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => stand?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  const call = async <T>(url: string) =>
    (await portal.inject({ method: 'GET', url, headers: { 'access-token': who.manager.token! } })).json<{
      msgCode: number;
      errMsg: string;
      data: T;
    }>();

  it("puts the camera's recorded timespans of a day on the timeline, read from MediaMTX's /list", async () => {
    const recorded = await call<DayRecordings>(`/api/video/v1.0/cameras/cam-bj-01/recordings?date=${day}`);
    expect(recorded.msgCode, recorded.errMsg).toBe(0);
    expect(recorded.data.retentionDays).toBeUndefined();
    expect(recorded.data.blocks.map(({ from, to, kind }) => ({ from, to, kind }))).toEqual([
      {
        from: new Date(`${day}T08:00:00+08:00`).toISOString(),
        to: new Date(`${day}T09:00:00+08:00`).toISOString(),
        kind: 'mp4',
      },
      {
        from: new Date(`${day}T10:30:00+08:00`).toISOString(),
        to: new Date(`${day}T11:00:00.500+08:00`).toISOString(),
        kind: 'mp4',
      },
    ]);
    const list = asked.filter((entry) => entry.endpoint === '/list').at(-1)!;
    expect(list.query).toEqual({
      path: 'live/bj-gate-1',
      start: new Date(`${day}T00:00:00+08:00`).toISOString(),
      end: new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString(),
    });

    // A camera without recordings there (MediaMTX answers 404): an empty day, not a failure.
    const none = await call<DayRecordings>(`/api/video/v1.0/cameras/cam-bj-02/recordings?date=${day}`);
    expect(none.msgCode, none.errMsg).toBe(0);
    expect(none.data.blocks).toEqual([]);

    // The recordings from a moment: MediaMTX's fMP4 relayed through the signed link, no Access-Token needed.
    const start = new Date(`${day}T08:20:00+08:00`).toISOString();
    const played = await portal.inject({
      method: 'GET',
      url: `${recorded.data.blocks[0]!.url}?start=${encodeURIComponent(start)}&duration=2400`,
    });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.rawPayload.equals(readFileSync(clipFile))).toBe(true);
    expect(asked.at(-1)).toEqual({
      endpoint: '/get',
      query: { path: 'live/bj-gate-1', start, duration: '2400', format: 'fmp4' },
      authorization: `Basic ${Buffer.from('viewer:s3cret').toString('base64')}`,
    });
    const forged = await portal.inject({
      method: 'GET',
      url: `${recorded.data.blocks[0]!.url.replace('/recording.mp4', 'AAAA/recording.mp4')}?start=${start}&duration=10`,
    });
    expect(forged.json<{ msgCode: number }>().msgCode).toBe(-404);
  });

  it('cuts a clip as MediaMTX MP4 within one recorded timespan, and refuses one across a gap', async () => {
    const from = new Date(`${day}T10:40:00+08:00`).toISOString();
    const to = new Date(`${day}T10:42:30+08:00`).toISOString();
    const clip = await portal.inject({
      method: 'GET',
      url: `/api/video/v1.0/cameras/cam-bj-01/clip?from=${from}&to=${to}`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(String(clip.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''.+\.mp4$/);
    expect(clip.rawPayload.equals(readFileSync(clipFile))).toBe(true);
    expect(asked.at(-1)!.query).toEqual({ path: 'live/bj-gate-1', start: from, duration: '150', format: 'mp4' });

    const acrossGap = await call(
      `/api/video/v1.0/cameras/cam-bj-01/clip?from=${new Date(`${day}T08:58:00+08:00`).toISOString()}&to=${new Date(`${day}T09:01:00+08:00`).toISOString()}`,
    );
    expect(acrossGap.errMsg).toBe('所选时段没有完整的录像，请在时间轴上有录像的时段内选择');
  });

  it('says why there are no recordings when MediaMTX is down or its playback API is not configured', async () => {
    const down = await t.sibling({
      environment: {
        ...t.config.environment,
        PORTAL_MEDIA_URL: `http://${mediamtx}/hls`,
        PORTAL_MEDIA_PLAYBACK_URL: 'http://127.0.0.1:9',
      },
    });
    const answer = await down.inject({
      method: 'GET',
      url: `/api/video/v1.0/cameras/cam-bj-01/recordings?date=${day}`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(answer.json<{ errMsg: string }>().errMsg).toBe('流媒体服务器的录像回放接口无法连接，请稍后重试');

    const liveOnly = await t.sibling({
      environment: { ...t.config.environment, PORTAL_MEDIA_URL: `http://${mediamtx}/hls` },
    });
    const refused = await liveOnly.inject({
      method: 'GET',
      url: `/api/video/v1.0/cameras/cam-bj-01/recordings?date=${day}`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(refused.json<{ errMsg: string }>().errMsg).toMatch(
      /未配置其录像回放接口（PORTAL_MEDIA_PLAYBACK_URL，MediaMTX）/,
    );
  });
});
