/**
 * The demo recordings (no PORTAL_MEDIA_URL): every demo camera records around the clock from the day it was added,
 * kept RETENTION_DAYS, with the gaps a real site has (a nightly network drop of 10 to 40 minutes at a time of the
 * night that differs by camera and day, the same at every start). The timeline of a day is computed, not stored;
 * a 10-second segment is made by ffmpeg the first time a player asks for it (about 0.2 s of one core) and kept in
 * DATA_DIR/video/recordings, so seeking anywhere in a week of recordings costs only the segments watched.
 *
 * A recording block never crosses midnight (China time): its segments carry timestamps counted from the day's
 * start (below MPEG-TS's 26.5-hour wrap), so the segments of one playlist follow each other without a jump.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from '../../../src/server/module-api.js';
import { demoPicture, H264, runFfmpeg } from './ffmpeg.js';

export const SEGMENT_SECONDS = 10;
export const RETENTION_DAYS = 7;
const DAY = 86_400;
const CHINA_OFFSET = 8 * 3600;
/** Segments made at once: the machine has two cores and other work to do. */
const PARALLEL = 2;
/** The cache of made segments is pruned down to this size (bytes) oldest first: about 10 hours of video. */
const CACHE_BYTES = 400 * 1024 * 1024;

/** A stretch of continuous recording, in seconds since the epoch, both multiples of SEGMENT_SECONDS. */
export interface Block {
  from: number;
  to: number;
}

/** Seconds since the epoch of the China midnight that starts the day of `epoch`. */
export function chinaMidnight(epoch: number): number {
  return Math.floor((epoch + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** The gap of the day starting at `midnight` for a camera: 10 to 40 minutes between 01:00 and 05:00. */
function nightlyGap(cameraId: string, midnight: number): Block {
  const random = seededRandom(hash(`${cameraId}:${midnight}`));
  const from = midnight + random.int(60, 300) * 60;
  return { from, to: from + random.int(1, 4) * 10 * 60 };
}

const align = (epoch: number) => Math.floor(epoch / SEGMENT_SECONDS) * SEGMENT_SECONDS;

/**
 * The recorded blocks of the China day starting at `midnight`: from `since` (the camera's first day) to `now`,
 * within the retention, without the nightly gap.
 */
export function blocksOfDay(cameraId: string, midnight: number, since: number, now: number): Block[] {
  const start = Math.max(midnight, align(since), align(now) - RETENTION_DAYS * DAY);
  const end = Math.min(midnight + DAY, align(now));
  if (end <= start) return [];
  const gap = nightlyGap(cameraId, midnight);
  return [
    { from: start, to: Math.min(end, gap.from) },
    { from: Math.max(start, gap.to), to: end },
  ].filter((block) => block.to > block.from);
}

/** Whether [from, to] lies inside one recorded block of its day. */
export function isRecorded(cameraId: string, from: number, to: number, since: number, now: number): boolean {
  return blocksOfDay(cameraId, chinaMidnight(from), since, now).some((block) => block.from <= from && to <= block.to);
}

/** The VOD playlist of a block: its segments by start time, relative to the playlist's own URL. */
export function blockPlaylist(block: Block): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-PROGRAM-DATE-TIME:${new Date(block.from * 1000).toISOString()}`,
  ];
  for (let at = block.from; at < block.to; at += SEGMENT_SECONDS)
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `seg-${at}.ts`);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

export class DemoRecordings {
  private readonly making = new Map<string, Promise<string>>();
  private readonly queue: (() => void)[] = [];
  private active = 0;
  private madeSincePrune = 0;

  constructor(
    private readonly binary: string,
    private readonly root: string,
    private readonly font: string | undefined,
  ) {}

  /** The file of the segment of `cameraId` starting at `at`, made now if it was not made before. */
  segment(cameraId: string, cameraName: string, at: number): Promise<string> {
    const file = path.join(this.root, cameraId, `${at}.ts`);
    if (existsSync(file)) return Promise.resolve(file);
    const key = `${cameraId}/${at}`;
    let made = this.making.get(key);
    if (!made) {
      made = this.limited(() => this.make(file, cameraName, at)).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= PARALLEL) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }

  private async make(file: string, cameraName: string, at: number): Promise<string> {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const nameFile = path.join(dir, 'name.txt');
    await writeFile(nameFile, cameraName);
    const partial = `${file}.${randomUUID()}.part`;
    const caption = this.font ? { font: this.font, nameFile, startEpoch: at } : undefined;
    try {
      await runFfmpeg(this.binary, [
        ...demoPicture(caption),
        '-t',
        String(SEGMENT_SECONDS),
        ...H264,
        // Timestamps from the day's start, so consecutive segments (made apart) play on without a jump.
        '-output_ts_offset',
        String(at - chinaMidnight(at)),
        '-muxdelay',
        '0',
        '-muxpreload',
        '0',
        '-f',
        'mpegts',
        '-y',
        partial,
      ]);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    this.madeSincePrune += 1;
    if (this.madeSincePrune >= 60) {
      this.madeSincePrune = 0;
      void this.prune().catch(() => undefined);
    }
    return file;
  }

  /** Drops the oldest made segments beyond CACHE_BYTES (they are made again when asked for). */
  async prune(limit = CACHE_BYTES): Promise<void> {
    if (!existsSync(this.root)) return;
    const files: { file: string; size: number; used: number }[] = [];
    for (const camera of await readdir(this.root)) {
      const dir = path.join(this.root, camera);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!name.endsWith('.ts')) continue;
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (info) files.push({ file: path.join(dir, name), size: info.size, used: info.mtimeMs });
      }
    }
    let total = files.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of files.sort((a, b) => a.used - b.used)) {
      if (total <= limit) break;
      await rm(entry.file, { force: true });
      total -= entry.size;
    }
  }
}
