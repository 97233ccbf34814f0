/**
 * 视频检索 (module video): cameras are a collection (video-camera); this plugin adds how they are watched.
 *
 *   GET /api/video/v1.0/cameras?projectId=                 the project's cameras, each with its signed live link
 *   GET /api/video/v1.0/cameras/:id/recordings?date=       the recorded blocks of a China day, each a signed playlist
 *   GET /api/video/v1.0/cameras/:id/clip?from=&to=         a clip of the recordings as MP4 (at most ten minutes)
 *   GET /api/video/v1.0/media/<token>/live/<file>          the live HLS stream, or HTTP-FLV (stream.flv) for a
 *                                                          camera whose address ends in .flv (no Access-Token: the
 *                                                          signed link)
 *   GET /api/video/v1.0/media/<token>/rec/<from>-<to>/<file>  a recorded block as VOD HLS
 *   GET /api/video/v1.0/media/<token>/ext/<path>           the camera's stream on the media server, relayed
 *   GET /api/video/v1.0/media/<token>/recording.mp4?start=&duration=  MediaMTX's recordings from a moment, relayed
 *
 * Media links are signed for one camera (media-links.ts) and handed out only inside reads that checked the caller's
 * project scope, so a player needs no header and a user outside the project gets no link. With PORTAL_MEDIA_URL the
 * live stream is the media server's (MediaMTX, ZLMediaKit, SRS), relayed through the portal so the server can stay
 * on the site's network and the page's CSP names only the portal; with PORTAL_MEDIA_PLAYBACK_URL too, the
 * recordings and clips are MediaMTX's (mediamtx.ts). Without a media server, ffmpeg makes demo streams (HLS:
 * live-streams.ts, HTTP-FLV: flv-streams.ts) and demo recordings (recordings.ts).
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
import { FlvStreams } from './flv-streams.js';
import { LiveStreamError, LiveStreams } from './live-streams.js';
import { MediaMtxPlayback, MediaServerError } from './mediamtx.js';
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
import { mediaServerPath, streamKind } from './stream-kind.js';

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
  externalRecordings:
    '已配置外部流媒体服务器（PORTAL_MEDIA_URL）但未配置其录像回放接口（PORTAL_MEDIA_PLAYBACK_URL，MediaMTX）；请在流媒体服务器上回放',
  noStream: '摄像头未填写流地址',
  streamFailed: '视频流启动失败，请稍后重试',
  tooManyStreams: '同时观看的演示视频流已达上限，请关闭其他画面后重试',
  upstream: '流媒体服务器无法连接或没有这路视频流',
  recordingsUpstream: '流媒体服务器的录像回放接口无法连接，请稍后重试',
  start: '请选择正确的回放时间',
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
      items: { type: 'object', properties: { from: text, to: text, url: text, kind: text } },
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
const FLV = 'video/x-flv';
/** The longest stretch of MediaMTX's recordings one request plays: a China day. */
const MAX_PLAY_SECONDS = 86_400;

/** A web stream of fetch as a Node stream, for reply.send. */
const nodeStream = (body: ReadableStream<Uint8Array> | null) =>
  Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);

const video: ModulePlugin = async (app, { settings }) => {
  const { db, config } = app.services;
  const cameras = app.collections.get('video-camera');
  if (!cameras) throw new Error('modules/video: the collection video-camera is missing');
  const access = recordAccess(app);
  const links = new MediaLinks(await ensureSecret(db, LINK_KEY_ID), config.now);
  const mediaUrl = typeof settings.mediaUrl === 'string' && settings.mediaUrl ? settings.mediaUrl : undefined;
  const playback =
    mediaUrl && typeof settings.playbackUrl === 'string' && settings.playbackUrl
      ? new MediaMtxPlayback(settings.playbackUrl)
      : undefined;
  const ffmpeg = mediaUrl ? undefined : findFfmpeg(typeof settings.ffmpegPath === 'string' ? settings.ffmpegPath : '');
  const font = ffmpeg ? findCaptionFont() : undefined;
  const videoDir = path.join(config.dataDir, 'video');
  const idleMs = (typeof settings.idleSeconds === 'number' ? settings.idleSeconds : 30) * 1000;
  const live = ffmpeg ? new LiveStreams(ffmpeg, path.join(videoDir, 'live'), font, idleMs, app.log) : undefined;
  const recordings = ffmpeg ? new DemoRecordings(ffmpeg, path.join(videoDir, 'recordings'), font) : undefined;
  const flv = ffmpeg ? new FlvStreams(ffmpeg, path.join(videoDir, 'flv'), font, app.log) : undefined;
  if (mediaUrl) app.log.info({ mediaUrl, recordings: Boolean(playback) }, 'video: cameras play from the media server');
  else if (!ffmpeg) app.log.warn(FFMPEG_MISSING);
  else if (!font) app.log.info('video: no font with Chinese glyphs found, demo pictures carry no caption');
  app.addHook('onClose', async () => {
    live?.stopAll();
    flv?.stopAll();
  });

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
      return { ...view, play: { kind: streamKind(upstream.pathname), url: `${media}/ext/${file}` } };
    }
    if (!ffmpeg) return { ...view, unavailable: FFMPEG_MISSING };
    // A demo camera plays the kind its stream address names, so an HTTP-FLV camera is tried without a media server.
    return streamKind(view.streamUrl) === 'flv'
      ? { ...view, play: { kind: 'flv', url: `${media}/live/stream.flv` } }
      : { ...view, play: { kind: 'hls', url: `${media}/live/index.m3u8` } };
  };

  /** The camera's name on MediaMTX (its playback API's path), or -400 when it has no stream address. */
  const serverPathOf = (camera: RecordValues): string => {
    const address = str(camera.streamUrl);
    if (!address) throw new DomainError('unavailable', VideoMessages.noStream);
    return mediaServerPath(address);
  };

  /** A MediaMTX failure as the caller's message (the cause in the log). */
  const upstreamFailure = (error: unknown) =>
    error instanceof MediaServerError
      ? new DomainError('unavailable', VideoMessages.recordingsUpstream, { cause: error })
      : error;

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
          'blocks: [{from, to, url, kind}]}: each block a continuous recording; kind hls: url its VOD playlist, ' +
          'kind mp4 (MediaMTX, PORTAL_MEDIA_PLAYBACK_URL): url plays it from ?start=<ISO 8601>&duration=<s> ' +
          '(signed links). retentionDays: only for the demo recordings.',
        security,
        params: cameraParams,
        querystring: { type: 'object', properties: { date: { type: 'string', maxLength: 10 } } },
        response: { 200: envelope({ data: recordingsSchema }) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { date?: string } }>) => {
      const camera = await cameraFor(request);
      if (mediaUrl && !playback) throw new DomainError('unavailable', VideoMessages.externalRecordings);
      if (!playback && !recordings) throw new DomainError('unavailable', FFMPEG_MISSING);
      const date = request.query.date || chinaDate(config.now());
      const midnight = /^\d{4}-\d{2}-\d{2}$/.test(date) ? epochOf(`${date}T00:00:00+08:00`) : undefined;
      if (midnight === undefined || chinaDate(new Date(midnight * 1000)) !== date)
        throw invalid('date', VideoMessages.date);
      const token = links.token(String(camera.id));
      const day = { cameraId: String(camera.id), date, dayStart: iso(midnight), dayEnd: iso(midnight + 86_400) };
      if (playback) {
        const spans = await playback
          .list(serverPathOf(camera), midnight * 1000, (midnight + 86_400) * 1000)
          .catch((error: unknown) => {
            throw upstreamFailure(error);
          });
        const url = `${MEDIA_PATH}${token}/recording.mp4`;
        return ok('', {
          ...day,
          blocks: spans.map((span) => ({
            from: new Date(span.from).toISOString(),
            to: new Date(span.to).toISOString(),
            url,
            kind: 'mp4',
          })),
        });
      }
      const blocks = blocksOfDay(String(camera.id), midnight, sinceOf(camera), nowEpoch()).map((block) => ({
        from: iso(block.from),
        to: iso(block.to),
        url: `${MEDIA_PATH}${token}/rec/${block.from}-${block.to}/index.m3u8`,
        kind: 'hls',
      }));
      return ok('', { ...day, retentionDays: RETENTION_DAYS, blocks });
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
      if (mediaUrl && !playback) throw new DomainError('unavailable', VideoMessages.externalRecordings);
      if (!playback && (!recordings || !ffmpeg)) throw new DomainError('unavailable', FFMPEG_MISSING);
      const from = epochOf(request.query.from);
      const to = epochOf(request.query.to);
      if (from === undefined) throw invalid('from', VideoMessages.from);
      if (to === undefined) throw invalid('to', VideoMessages.to);
      if (to <= from) throw invalid('to', VideoMessages.order);
      if (to - from > MAX_CLIP_SECONDS) throw invalid('to', VideoMessages.tooLong);
      const stamp = (epoch: number) =>
        iso(epoch + 8 * 3600)
          .slice(0, 19)
          .replace(/[-:]/g, '')
          .replace('T', '');
      const name = `${str(camera.name)}_${stamp(from)}-${stamp(to)}.mp4`;
      // The headers of a file only once it is there: a refusal before must reach the page as the JSON it is.
      const asClip = () =>
        reply
          .type('video/mp4')
          .header('content-disposition', contentDisposition(name))
          .header('cache-control', 'private, no-store');
      if (playback) {
        // The clip is MediaMTX's own MP4 of the range, sent on as it arrives; the range must be one recording.
        const serverPath = serverPathOf(camera);
        const gone = new AbortController();
        reply.raw.on('close', () => gone.abort());
        try {
          const spans = await playback.list(serverPath, from * 1000, to * 1000);
          if (!spans.some((span) => span.from <= from * 1000 && span.to >= to * 1000))
            throw invalid('from', VideoMessages.notRecorded);
          const answer = await playback.get(serverPath, from * 1000, to - from, 'mp4', gone.signal);
          return asClip().send(nodeStream(answer.body));
        } catch (error) {
          throw upstreamFailure(error);
        }
      }
      if (!recordings || !ffmpeg) throw new DomainError('unavailable', FFMPEG_MISSING);
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
      return asClip().header('content-length', bytes.length).send(bytes);
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
        summary: "A demo camera's live stream by a signed link: HLS (playlist or segment) or HTTP-FLV",
        description:
          'index.m3u8 starts the camera stream on the first request; stream.flv (a camera whose stream address ' +
          'ends in .flv) is an endless FLV response made for this viewer until it goes. An altered or expired ' +
          'link: -404.',
        params: mediaParams({
          file: { type: 'string', pattern: '^(index\\.m3u8|seg\\d{1,9}\\.ts|stream\\.flv)$' },
        }),
      },
    },
    async (request: FastifyRequest<{ Params: { token: string; file: string } }>, reply: FastifyReply) => {
      const camera = await cameraOfToken(request.params.token);
      if (!live || !flv) throw new DomainError('unavailable', mediaUrl ? VideoMessages.badLink : FFMPEG_MISSING);
      const id = String(camera.id);
      if (request.params.file === 'stream.flv') {
        const stream = await flv.open(id, str(camera.name));
        if (!stream) throw new DomainError('unavailable', VideoMessages.tooManyStreams);
        // The viewer gone (its player destroyed, the page left), its ffmpeg stops.
        reply.raw.on('close', () => stream.destroy());
        return reply.type(FLV).header('cache-control', 'no-store').send(stream);
      }
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
    '/api/video/v1.0/media/:token/recording.mp4',
    {
      config: { title: '录像回放' },
      schema: {
        tags: ['video'],
        summary: "A camera's recordings on MediaMTX from a moment, relayed by a signed link",
        description:
          "start: ISO 8601, duration: seconds (at most a day). The fMP4 of MediaMTX's playback server " +
          '(PORTAL_MEDIA_PLAYBACK_URL), which a <video> plays as it arrives. Without it, or for an altered or ' +
          'expired link: -404.',
        params: mediaParams({}),
        querystring: {
          type: 'object',
          required: ['start', 'duration'],
          properties: {
            start: { type: 'string', maxLength: 40 },
            duration: { type: 'integer', minimum: 1, maximum: MAX_PLAY_SECONDS },
          },
        },
      },
    },
    async (
      request: FastifyRequest<{ Params: { token: string }; Querystring: { start: string; duration: number } }>,
      reply: FastifyReply,
    ) => {
      const camera = await cameraOfToken(request.params.token);
      if (!playback) throw new ApiError(MsgCode.notFound, VideoMessages.badLink);
      const start = epochOf(request.query.start);
      if (start === undefined) throw invalid('start', VideoMessages.start);
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      let answer: Response;
      try {
        answer = await playback.get(serverPathOf(camera), start * 1000, request.query.duration, 'fmp4', gone.signal);
      } catch (error) {
        throw upstreamFailure(error);
      }
      return reply.type('video/mp4').header('cache-control', 'private, no-store').send(nodeStream(answer.body));
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
      // The time limit is the answer's head only: an HTTP-FLV stream is one response that never ends, relayed as
      // long as the viewer stays (its going ends the upstream request).
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const connect = setTimeout(() => abort.abort(), 15_000);
      let answer: Response;
      try {
        answer = await fetch(target, { signal: abort.signal });
      } catch (error) {
        throw new DomainError('unavailable', VideoMessages.upstream, { cause: error });
      } finally {
        clearTimeout(connect);
      }
      if (!answer.ok || !answer.body) {
        await answer.body?.cancel();
        throw new DomainError('unavailable', VideoMessages.upstream, { cause: answer.status });
      }
      const type = /\.m3u8$/i.test(target.pathname)
        ? M3U8
        : /\.flv$/i.test(target.pathname)
          ? FLV
          : (answer.headers.get('content-type') ?? 'application/octet-stream');
      return reply.type(type).header('cache-control', 'no-cache').send(nodeStream(answer.body));
    },
  );
};

export default video;
