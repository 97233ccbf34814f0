/**
 * hls.js, loaded when a video screen first plays (it is 400 KB of code no other screen needs), attached to a
 * <video>. Workers are off: the page's Content-Security-Policy allows no blob: worker, and one stream of the demo's
 * size decodes on the main thread without notice.
 */
import type Hls from 'hls.js';

export type PlayerFailure = (message: string) => void;

let loading: Promise<typeof Hls> | undefined;
const loadHls = () => (loading ??= import('hls.js').then((module) => module.default));

export interface AttachedPlayer {
  destroy(): void;
}

/** Plays the HLS playlist `url` in `video`; `failed` says in Chinese why it cannot (once, for good). */
export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  options: { live: boolean; failed: PlayerFailure; ready?: () => void },
): Promise<AttachedPlayer> {
  const HlsClass = await loadHls();
  if (!HlsClass.isSupported()) {
    options.failed('此浏览器不支持 HLS 视频播放（Media Source Extensions），请使用新版 Chrome、Edge 或 Firefox');
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
    options.failed(
      data.type === HlsClass.ErrorTypes.NETWORK_ERROR
        ? '视频流无法连接：流媒体服务不可用或链接已过期，请刷新页面'
        : '视频无法解码：浏览器不支持此视频编码',
    );
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

export const FLV_UNSUPPORTED =
  'HTTP-FLV 流需要 mpegts.js 播放器，本门户暂未提供；请在流媒体服务器上为此摄像头开启 HLS 输出';
