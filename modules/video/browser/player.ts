/**
 * The one player of the video screens: a stream attached to a <video> by its kind, each library loaded when a video
 * screen first plays one (they are hundreds of KB of code no other screen needs):
 *
 *   hls   hls.js (the demo streams and recordings, MediaMTX's and most media servers' live streams)
 *   flv   mpegts.js (HTTP-FLV of SRS, ZLMediaKit, Monibuca, and the demo's .flv cameras)
 *   mp4   the browser itself (MediaMTX's recordings: fMP4 played as it arrives)
 *
 * Workers are off: the page's Content-Security-Policy allows no blob: worker, and one stream of the demo's size
 * decodes on the main thread without notice. Whoever attaches destroys (a view unmounted, another camera chosen).
 */
import type Hls from 'hls.js';
import type Mpegts from 'mpegts.js';

export type PlayerFailure = (message: string) => void;
export type StreamKind = 'hls' | 'flv' | 'mp4';

export interface PlaySource {
  kind: StreamKind;
  url: string;
}

export interface PlayerOptions {
  live: boolean;
  /** Says in Chinese why the stream cannot play (once, for good). */
  failed: PlayerFailure;
  /** The stream is known (its first playlist or its media info): a position may be set now. */
  ready?: () => void;
}

export interface AttachedPlayer {
  destroy(): void;
}

const NO_MSE = '此浏览器不支持该视频流的播放（Media Source Extensions），请使用新版 Chrome、Edge 或 Firefox';
const UNREACHABLE = '视频流无法连接：流媒体服务不可用或链接已过期，请刷新页面';
const UNDECODABLE = '视频无法解码：浏览器不支持此视频编码';

let hlsLoading: Promise<typeof Hls> | undefined;
const loadHls = () => (hlsLoading ??= import('hls.js').then((module) => module.default));
let mpegtsLoading: Promise<typeof Mpegts> | undefined;
const loadMpegts = () =>
  (mpegtsLoading ??= import('mpegts.js').then((module) => {
    // Its own console chatter off; failures come through its ERROR event.
    module.default.LoggingControl.applyConfig({ enableDebug: false, enableVerbose: false, enableInfo: false });
    return module.default;
  }));

/** Plays `source` in `video` with the player its kind needs. */
export function attachPlayer(
  video: HTMLVideoElement,
  source: PlaySource,
  options: PlayerOptions,
): Promise<AttachedPlayer> {
  if (source.kind === 'flv') return attachFlv(video, source.url, options);
  if (source.kind === 'mp4') return Promise.resolve(attachNative(video, source.url, options));
  return attachHls(video, source.url, options);
}

async function attachHls(video: HTMLVideoElement, url: string, options: PlayerOptions): Promise<AttachedPlayer> {
  const HlsClass = await loadHls();
  if (!HlsClass.isSupported()) {
    options.failed(NO_MSE);
    return { destroy: () => undefined };
  }
  const hls = new HlsClass({
    enableWorker: false,
    lowLatencyMode: false,
    ...(options.live ? { liveSyncDurationCount: 3, liveMaxLatencyDurationCount: 8 } : { maxBufferLength: 30 }),
  });
  let recovered = false;
  hls.on(HlsClass.Events.MANIFEST_PARSED, () => options.ready?.());
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // A media error (a decoder hiccup) is worth one recovery; a network error means the stream is not there.
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    hls.destroy();
    options.failed(data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? UNREACHABLE : UNDECODABLE);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

async function attachFlv(video: HTMLVideoElement, url: string, options: PlayerOptions): Promise<AttachedPlayer> {
  const mpegts = await loadMpegts();
  if (!mpegts.isSupported() || (options.live && !mpegts.getFeatureList().mseLivePlayback)) {
    options.failed(NO_MSE);
    return { destroy: () => undefined };
  }
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: options.live, url },
    {
      enableWorker: false,
      // A live view shows the newest picture: no stash, and it catches up when it falls behind.
      enableStashBuffer: !options.live,
      liveBufferLatencyChasing: options.live,
      lazyLoad: !options.live,
    },
  );
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    player.pause();
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
  player.on(mpegts.Events.MEDIA_INFO, () => options.ready?.());
  player.on(mpegts.Events.ERROR, (type: string) => {
    destroy();
    options.failed(type === mpegts.ErrorTypes.NETWORK_ERROR ? UNREACHABLE : UNDECODABLE);
  });
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return { destroy };
}

function attachNative(video: HTMLVideoElement, url: string, options: PlayerOptions): AttachedPlayer {
  const ready = () => options.ready?.();
  const failed = () => options.failed('录像无法播放：流媒体服务器没有这段录像或无法连接，请稍后重试');
  video.addEventListener('loadedmetadata', ready, { once: true });
  video.addEventListener('error', failed, { once: true });
  video.src = url;
  return {
    destroy: () => {
      video.removeEventListener('loadedmetadata', ready);
      video.removeEventListener('error', failed);
      video.removeAttribute('src');
      video.load();
    },
  };
}
