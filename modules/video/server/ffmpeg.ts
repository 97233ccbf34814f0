/**
 * The ffmpeg that makes the demo streams, recordings and clips: the binary the registry package
 * `@ffmpeg-installer/ffmpeg` ships for this platform (no system install needed), or the one PORTAL_FFMPEG_PATH names. A machine
 * without one still starts: each screen that needs video then says why it has none instead of showing a blank player.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const FFMPEG_MISSING =
  '未找到 ffmpeg，无法生成演示视频：请安装 npm 包 @ffmpeg-installer/ffmpeg（npm ci 会安装）或检查 PORTAL_FFMPEG_PATH，或配置外部流媒体服务器 PORTAL_MEDIA_URL';

/**
 * The binary to run, or undefined when none is installed. A configured path is the only one tried: a wrong one is
 * reported as missing rather than quietly replaced by another build.
 */
export function findFfmpeg(configured: string | undefined): string | undefined {
  const candidates: string[] = [];
  if (configured) candidates.push(configured);
  else
    try {
      const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
      if (typeof installer.path === 'string') candidates.push(installer.path);
    } catch {
      // The package (or its platform binary) is absent: FFMPEG_MISSING tells the administrator.
    }
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A font with Chinese glyphs for the camera's name on the picture (drawtext), or undefined: the picture then carries
 * no caption, the test pattern itself still moves and the player still plays.
 */
export function findCaptionFont(): string | undefined {
  return [
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
    '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
    '/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc',
    '/System/Library/Fonts/PingFang.ttc',
    'C:\\Windows\\Fonts\\msyh.ttc',
  ].find((file) => existsSync(file));
}

/** A value inside a filtergraph option quoted with '…' (the path of a font or a text file). */
const quoted = (value: string) => `'${value.replace(/\\/g, '/').replace(/'/g, "'\\''")}'`;

export interface Caption {
  font: string;
  /** A file holding the camera's name: read as is (expansion=none), so no name can break the filtergraph. */
  nameFile: string;
  /** Seconds since the epoch of the picture's first frame: the clock drawn is China time from there. */
  startEpoch: number;
}

/** The picture of a demo camera: a moving test pattern, 480×270 at 10 frames a second, with its name and clock. */
export function demoPicture(caption: Caption | undefined): string[] {
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=10'];
  if (!caption) return source;
  const font = `fontfile=${quoted(caption.font)}`;
  const box = 'fontcolor=white:fontsize=18:box=1:boxcolor=black@0.55:boxborderw=5';
  // China time of the frame: pts seconds after the first frame, shown as UTC+8 (gmtime of the shifted epoch).
  const clock = `%{pts\\:gmtime\\:${caption.startEpoch + 8 * 3600}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}`;
  const filters = [
    // Top right: the player's own bar covers the bottom, the test pattern's counter the top left.
    `drawtext=${font}:textfile=${quoted(caption.nameFile)}:expansion=none:${box}:x=w-tw-10:y=10`,
    `drawtext=${font}:text='${clock}':${box}:x=w-tw-10:y=40`,
  ];
  return [...source, '-vf', filters.join(',')];
}

/** H.264 every browser plays through Media Source Extensions: cheap to encode, a key frame every second. */
export const H264 = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-tune',
  'zerolatency',
  '-profile:v',
  'baseline',
  '-pix_fmt',
  'yuv420p',
  '-g',
  '10',
  '-keyint_min',
  '10',
  '-sc_threshold',
  '0',
  '-b:v',
  '300k',
];

export class FfmpegFailed extends Error {}

/** Runs ffmpeg to the end; rejects with the end of its complaint (for the log) when it fails. */
export function runFfmpeg(binary: string, args: readonly string[], output?: (chunk: Buffer) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    if (output) child.stdout?.on('data', output);
    child.on('error', (error) => reject(new FfmpegFailed(error.message)));
    child.on('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new FfmpegFailed(`ffmpeg exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
