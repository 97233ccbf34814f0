/**
 * 视频检索 (module video): cameras are a collection (video-camera); this plugin adds how they are watched.
 *
 *   GET /api/video/v1.0/cameras?projectId=                 the project's cameras, each with its signed live link
 *   GET /api/video/v1.0/cameras/:id/recordings?date=       the recorded blocks of a China day, each a signed playlist
 *   GET /api/video/v1.0/cameras/:id/clip?from=&to=         a clip of the recordings as MP4 (at most ten minutes)
 *   GET /api/video/v1.0/media/<token>/live/<file>          the live HLS stream (no Access-Token: the signed link)
 *   GET /api/video/v1.0/media/<token>/rec/<from>-<to>/<file>  a recorded block as VOD HLS
 *   GET /api/video/v1.0/media/<token>/ext/<path>           the camera's stream on the media server, relayed
 *
 * Media links are signed for one camera (media-links.ts) and handed out only inside reads that checked the caller's
 * project scope, so a player needs no header and a user outside the project gets no link. With PORTAL_MEDIA_URL the
 * live stream is the media server's (MediaMTX, ZLMediaKit, SRS), relayed through the portal so the server can stay
 * on the site's network and the page's CSP names only the portal; without it, ffmpeg makes demo streams
 * (live-streams.ts) and demo recordings (recordings.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  type CollectionRecords,
  contentDisposition,
  DomainError,
  ensureSecret,
  envelope,
  type ModulePlugin,
  MsgCode,
  ok,
  recordAccess,
  type RecordValues,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { demoClip, MAX_CLIP_SECONDS } from './clips.js';
import { FFMPEG_MISSING, findCaptionFont, findFfmpeg } from './ffmpeg.js';
import { LiveStreamError, LiveStreams } from './live-streams.js';
import { LINK_KEY_ID, MEDIA_PATH, MediaLinks } from './media-links.js';
import {
  blockPlaylist,
  blocksOfDay,
  chinaMidnight,
  DemoRecordings,
  isRecorded,
  RETENTION_DAYS,
  SEGMENT_SECONDS,
} from './recordings.js';

const VIEW = 'video:view';

export const VideoMessages = {
  noProject: '项目不存在或无权访问',
  badLink: '视频链接无效或已过期，请刷新页面',
  date: '请选择正确的日期',
  from: '请选择正确的开始时间',
  to: '请选择正确的结束时间',
  order: '结束时间必须晚于开始时间',
  tooLong: `一次最多下载 ${MAX_CLIP_SECONDS / 60} 分钟的录像`,
  notRecorded: '所选时段没有完整的录像，请在时间轴上有录像的时段内选择',
  externalRecordings: '已配置外部流媒体服务器（PORTAL_MEDIA_URL），门户暂不读取其录像；请在流媒体服务器上回放',
  noStream: '摄像头未填写流地址',
  flvWithoutServer: '未配置流媒体服务器（PORTAL_MEDIA_URL），无法播放',
  streamFailed: '视频流启动失败，请稍后重试',
  upstream: '流媒体服务器无法连接或没有这路视频流',
} as const;

export interface CameraView {
  id: string;
  name: string;
  location: string;
  gbId: string;
  streamUrl: string;
  /** What the player loads: hls (hls.js) or flv (HTTP-FLV), relayed by the portal; absent with `unavailable`. */
  play?: { kind: 'hls' | 'flv'; url: string };
  /** Why this camera cannot play here (no ffmpeg, no stream address), shown in its view instead of a blank player. */
  unavailable?: string;
}

const text = { type: 'string' };
const cameraSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    name: text,
    location: text,
    gbId: text,
    streamUrl: text,
    play: { type: 'object', properties: { kind: text, url: text } },
    unavailable: text,
  },
};
const recordingsSchema: Schema = {
  type: 'object',
  properties: {
    cameraId: text,
    date: text,
    dayStart: text,
    dayEnd: text,
    retentionDays: { type: 'integer' },
    blocks: {
      type: 'array',
      items: { type: 'object', properties: { from: text, to: text, url: text } },
    },
  },
};
const cameraParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: { pattern: '摄像头编号不正确' } },
  },
};
const mediaParams = (more: Record<string, Schema>): Schema => ({
  type: 'object',
  required: ['token', ...Object.keys(more)],
  properties: { token: { type: 'string', maxLength: 120 }, ...more },
});

const invalid = (field: string, message: string) =>
  new ApiError(MsgCode.invalidInput, message, { errors: [{ field, message }] });

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** An ISO 8601 time (with its offset) as whole seconds since the epoch, or undefined. */
function epochOf(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.round(ms / 1000);
}

const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

const M3U8 = 'application/vnd.apple.mpegurl';
const TS = 'video/mp2t';

const video: ModulePlugin = async (app, { settings }) => {
  const { db, config } = app.services;
  const cameras = app.collections.get('video-camera');
  if (!cameras) throw new Error('modules/video: the collection video-camera is missing');
  const access = recordAccess(app);
  const links = new MediaLinks(await ensureSecret(db, LINK_KEY_ID), config.now);
  const mediaUrl = typeof settings.mediaUrl === 'string' && settings.mediaUrl ? settings.mediaUrl : undefined;
  const ffmpeg = mediaUrl ? undefined : findFfmpeg(typeof settings.ffmpegPath === 'string' ? settings.ffmpegPath : '');
  const font = ffmpeg ? findCaptionFont() : undefined;
  const videoDir = path.join(config.dataDir, 'video');
  const idleMs = (typeof settings.idleSeconds === 'number' ? settings.idleSeconds : 30) * 1000;
  const live = ffmpeg ? new LiveStreams(ffmpeg, path.join(videoDir, 'live'), font, idleMs, app.log) : undefined;
  const recordings = ffmpeg ? new DemoRecordings(ffmpeg, path.join(videoDir, 'recordings'), font) : undefined;
  if (mediaUrl) app.log.info({ mediaUrl }, 'video: cameras play from the media server');
  else if (!ffmpeg) app.log.warn(FFMPEG_MISSING);
  else if (!font) app.log.info('video: no font with Chinese glyphs found, demo pictures carry no caption');
  app.addHook('onClose', async () => live?.stopAll());

  /** Where a camera's stream is on the media server (its stream address, relative to PORTAL_MEDIA_URL or whole). */
  const upstreamOf = (camera: RecordValues): URL | undefined => {
    const address = str(camera.streamUrl);
    if (!mediaUrl || !address) return undefined;
    return new URL(address, mediaUrl.endsWith('/') ? mediaUrl : `${mediaUrl}/`);
  };

  const viewOf = (camera: RecordValues): CameraView => {
    const id = String(camera.id);
    const view: CameraView = {
      id,
      name: str(camera.name),
      location: str(camera.location),
      gbId: str(camera.gbId),
      streamUrl: str(camera.streamUrl),
    };
    const media = `${MEDIA_PATH}${links.token(id)}`;
    if (mediaUrl) {
      const upstream = upstreamOf(camera);
      if (!upstream) return { ...view, unavailable: VideoMessages.noStream };
      const file = path.posix.basename(upstream.pathname);
      return { ...view, play: { kind: /\.flv$/i.test(file) ? 'flv' : 'hls', url: `${media}/ext/${file}` } };
    }
    if (!ffmpeg) return { ...view, unavailable: FFMPEG_MISSING };
    return { ...view, play: { kind: 'hls', url: `${media}/live/index.m3u8` } };
  };

  /** A camera of a project the caller may see (else -404, as for one that is not there). */
  const cameraFor = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<RecordValues> => {
    await access.checkRecord(request, cameras, request.params.id);
    return cameras.get(request.params.id);
  };

  /** The camera a media token names (-404 for an altered, expired or deleted one). */
  const cameraOfToken = async (token: string): Promise<RecordValues> => {
    const id = links.cameraOf(token);
    if (!id) throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
    try {
      return await cameras.get(id);
    } catch {
      throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
    }
  };

  const sinceOf = (camera: RecordValues) => {
    const created = Date.parse(str(camera.createdAt));
    return Number.isNaN(created) ? 0 : Math.floor(created / 1000);
  };
  const nowEpoch = () => Math.floor(config.now().getTime() / 1000);

  app.get(
    '/api/video/v1.0/cameras',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: ['video'],
        summary: "A project's cameras with the links their players load",
        description:
          'data: [{id, name, location, gbId, streamUrl, play: {kind (hls|flv), url} | unavailable}] by name. ' +
          'play.url is a signed link (6 hours) that needs no Access-Token; unavailable says why a camera cannot ' +
          'play (no ffmpeg for the demo streams, no stream address).',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: { type: 'string', minLength: 1, maxLength: 64 } },
          errorMessage: { required: { projectId: '请先选择项目' } },
        },
        response: { 200: envelope({ data: { type: 'array', items: cameraSchema } }) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { projectId: string } }>) => {
      await access.checkProject(request, request.query.projectId);
      const rows = await cameras.all(request.query.projectId, {}, 1000);
      rows.sort((a, b) => str(a.name).localeCompare(str(b.name), 'zh-CN'));
      return ok('', rows.map(viewOf));
    },
  );

  app.get(
    '/api/video/v1.0/cameras/:id/recordings',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: ['video'],
        summary: "A camera's recorded blocks of a China day",
        description:
          'date: YYYY-MM-DD (China time, default today). data: {cameraId, date, dayStart, dayEnd, retentionDays, ' +
          'blocks: [{from, to, url}]}: each block a continuous recording, url its VOD playlist (signed link).',
        security,
        params: cameraParams,
        querystring: { type: 'object', properties: { date: { type: 'string', maxLength: 10 } } },
        response: { 200: envelope({ data: recordingsSchema }) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { date?: string } }>) => {
      const camera = await cameraFor(request);
      if (mediaUrl) throw new DomainError('unavailable', VideoMessages.externalRecordings);
      if (!recordings) throw new DomainError('unavailable', FFMPEG_MISSING);
      const date = request.query.date || chinaDate(config.now());
      const midnight = /^\d{4}-\d{2}-\d{2}$/.test(date) ? epochOf(`${date}T00:00:00+08:00`) : undefined;
      if (midnight === undefined || chinaDate(new Date(midnight * 1000)) !== date)
        throw invalid('date', VideoMessages.date);
      const token = links.token(String(camera.id));
      const blocks = blocksOfDay(String(camera.id), midnight, sinceOf(camera), nowEpoch()).map((block) => ({
        from: iso(block.from),
        to: iso(block.to),
        url: `${MEDIA_PATH}${token}/rec/${block.from}-${block.to}/index.m3u8`,
      }));
      return ok('', {
        cameraId: String(camera.id),
        date,
        dayStart: iso(midnight),
        dayEnd: iso(midnight + 86_400),
        retentionDays: RETENTION_DAYS,
        blocks,
      });
    },
  );

  app.get(
    '/api/video/v1.0/cameras/:id/clip',
    {
      config: { auth: 'user', permission: VIEW, title: '下载录像片段' },
      schema: {
        tags: ['video'],
        summary: 'A clip of the recordings as MP4',
        description:
          `from, to: ISO 8601 times within one recorded block, at most ${MAX_CLIP_SECONDS} s apart; cut to whole ` +
          'seconds. Answers video/mp4 as an attachment.',
        security,
        params: cameraParams,
        querystring: {
          type: 'object',
          properties: { from: { type: 'string', maxLength: 40 }, to: { type: 'string', maxLength: 40 } },
        },
      },
    },
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { from?: string; to?: string } }>,
      reply: FastifyReply,
    ) => {
      const camera = await cameraFor(request);
      if (mediaUrl) throw new DomainError('unavailable', VideoMessages.externalRecordings);
      if (!recordings || !ffmpeg) throw new DomainError('unavailable', FFMPEG_MISSING);
      const from = epochOf(request.query.from);
      const to = epochOf(request.query.to);
      if (from === undefined) throw invalid('from', VideoMessages.from);
      if (to === undefined) throw invalid('to', VideoMessages.to);
      if (to <= from) throw invalid('to', VideoMessages.order);
      if (to - from > MAX_CLIP_SECONDS) throw invalid('to', VideoMessages.tooLong);
      if (!isRecorded(String(camera.id), from, to, sinceOf(camera), nowEpoch()))
        throw invalid('from', VideoMessages.notRecorded);
      const bytes = await demoClip(
        ffmpeg,
        recordings,
        path.join(videoDir, 'clips'),
        { id: String(camera.id), name: str(camera.name) },
        from,
        to,
      );
      const stamp = (epoch: number) =>
        iso(epoch + 8 * 3600)
          .slice(0, 19)
          .replace(/[-:]/g, '')
          .replace('T', '');
      const name = `${str(camera.name)}_${stamp(from)}-${stamp(to)}.mp4`;
      return reply
        .type('video/mp4')
        .header('content-length', bytes.length)
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  const sendFile = async (reply: FastifyReply, file: string, type: string, cache: string) =>
    reply
      .type(type)
      .header('cache-control', cache)
      .send(await readFile(file));

  app.get(
    '/api/video/v1.0/media/:token/live/:file',
    {
      config: { title: '视频监控直播流' },
      schema: {
        tags: ['video'],
        summary: "A demo camera's live HLS stream (playlist or segment) by a signed link",
        description: 'Starts the camera stream on the first request; an altered or expired link: -404.',
        params: mediaParams({ file: { type: 'string', pattern: '^(index\\.m3u8|seg\\d{1,9}\\.ts)$' } }),
      },
    },
    async (request: FastifyRequest<{ Params: { token: string; file: string } }>, reply: FastifyReply) => {
      const camera = await cameraOfToken(request.params.token);
      if (!live) throw new DomainError('unavailable', mediaUrl ? VideoMessages.badLink : FFMPEG_MISSING);
      const id = String(camera.id);
      if (request.params.file === 'index.m3u8') {
        let playlist: string;
        try {
          playlist = await live.playlist(id, str(camera.name));
        } catch (error) {
          if (error instanceof LiveStreamError)
            throw new DomainError('unavailable', VideoMessages.streamFailed, { cause: error });
          throw error;
        }
        return sendFile(reply, playlist, M3U8, 'no-cache');
      }
      const segment = live.segment(id, request.params.file);
      if (!segment) throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
      return sendFile(reply, segment, TS, 'private, max-age=60');
    },
  );

  app.get(
    '/api/video/v1.0/media/:token/rec/:range/:file',
    {
      config: { title: '录像回放' },
      schema: {
        tags: ['video'],
        summary: 'A recorded block of a demo camera as VOD HLS (playlist or segment) by a signed link',
        description: 'range: <from>-<to> in seconds since the epoch, one block of the recordings read.',
        params: mediaParams({
          range: { type: 'string', pattern: '^\\d{9,11}-\\d{9,11}$' },
          file: { type: 'string', pattern: '^(index\\.m3u8|seg-\\d{9,11}\\.ts)$' },
        }),
      },
    },
    async (
      request: FastifyRequest<{ Params: { token: string; range: string; file: string } }>,
      reply: FastifyReply,
    ) => {
      const camera = await cameraOfToken(request.params.token);
      if (!recordings) throw new DomainError('unavailable', mediaUrl ? VideoMessages.badLink : FFMPEG_MISSING);
      const id = String(camera.id);
      const [from, to] = request.params.range.split('-').map(Number) as [number, number];
      const aligned = from % SEGMENT_SECONDS === 0 && to % SEGMENT_SECONDS === 0 && to > from;
      if (
        !aligned ||
        chinaMidnight(from) !== chinaMidnight(to - 1) ||
        !isRecorded(id, from, to, sinceOf(camera), nowEpoch())
      )
        throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
      if (request.params.file === 'index.m3u8')
        return reply.type(M3U8).header('cache-control', 'private, max-age=600').send(blockPlaylist({ from, to }));
      const at = Number(request.params.file.slice(4, -3));
      if (at < from || at >= to || at % SEGMENT_SECONDS !== 0)
        throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
      return sendFile(reply, await recordings.segment(id, str(camera.name), at), TS, 'private, max-age=86400');
    },
  );

  app.get(
    '/api/video/v1.0/media/:token/ext/*',
    {
      config: { title: '视频监控直播流' },
      schema: {
        tags: ['video'],
        summary: "A camera's stream on the media server (PORTAL_MEDIA_URL), relayed by a signed link",
        description:
          "The path after ext/ is taken relative to the directory of the camera's stream address, so the " +
          "playlist's relative segment names come through the same relay.",
        params: mediaParams({ '*': { type: 'string', pattern: '^[A-Za-z0-9_.-][A-Za-z0-9_./-]{0,300}$' } }),
      },
    },
    async (request: FastifyRequest<{ Params: { token: string; '*': string } }>, reply: FastifyReply) => {
      const camera = await cameraOfToken(request.params.token);
      const upstream = upstreamOf(camera);
      const asked = request.params['*'];
      if (!upstream || asked.split('/').includes('..')) throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
      const target = new URL(asked, upstream);
      let answer: Response;
      try {
        answer = await fetch(target, { signal: AbortSignal.timeout(15_000) });
      } catch (error) {
        throw new DomainError('unavailable', VideoMessages.upstream, { cause: error });
      }
      if (!answer.ok || !answer.body)
        throw new DomainError('unavailable', VideoMessages.upstream, { cause: answer.status });
      const type = /\.m3u8$/i.test(target.pathname)
        ? M3U8
        : (answer.headers.get('content-type') ?? 'application/octet-stream');
      return reply
        .type(type)
        .header('cache-control', 'no-cache')
        .send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>));
    },
  );
};

export default video;
