/**
 * The demo live streams (no PORTAL_MEDIA_URL): one ffmpeg per camera that makes a live HLS stream (1-second
 * segments, the last six in the playlist) into DATA_DIR/video/live/<camera>.<run>/, started by the first request for its
 * playlist and stopped when nobody has asked for the playlist or a segment for `idleMs` (a player asks every second
 * while it plays). So a camera costs CPU only while someone watches it: at 480×270 and 10 frames a second with
 * x264's ultrafast preset one stream takes about 3 % of one core of this machine (measured, see the module's
 * report), sixteen views about half a core.
 *
 * The streams are this instance's own files: behind a load balancer a viewer's requests must stick to one instance
 * (or a real media server, PORTAL_MEDIA_URL, serves them), and the sweep that stops idle streams is this process's
 * own timer, not a job, because the processes it stops are this process's children.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { demoPicture, H264 } from './ffmpeg.js';

/** At most this many demo streams at once (the largest grid, 16, with room for a second viewer's other cameras). */
export const MAX_LIVE_STREAMS = 24;
const FIRST_PLAYLIST_MS = 15_000;

interface Running {
  child: ChildProcess;
  dir: string;
  lastSeen: number;
  /** Resolves when the first playlist is written; rejects when ffmpeg ends first. */
  ready: Promise<void>;
  stderr: string;
}

export interface LiveLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export class LiveStreamError extends Error {}

export class LiveStreams {
  private readonly running = new Map<string, Running>();
  private readonly sweeper: NodeJS.Timeout;
  private runs = 0;

  constructor(
    private readonly binary: string,
    private readonly root: string,
    private readonly font: string | undefined,
    private readonly idleMs: number,
    private readonly log: LiveLog,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(5000, idleMs / 2));
    this.sweeper.unref();
    // What a previous run of the server left (its streams ended with it); DATA_DIR belongs to one server at a time.
    rmSync(root, { recursive: true, force: true });
  }

  /** How many cameras stream now (for the tests and the report of CPU). */
  get count(): number {
    return this.running.size;
  }

  /** The playlist file of `cameraId`, its stream started if it was not running, once ffmpeg has written it. */
  async playlist(cameraId: string, cameraName: string): Promise<string> {
    let stream = this.running.get(cameraId);
    if (!stream) stream = await this.start(cameraId, cameraName);
    stream.lastSeen = Date.now();
    await stream.ready;
    return path.join(stream.dir, 'index.m3u8');
  }

  /** A segment file of a running stream (undefined when it is not running or the segment is gone). */
  segment(cameraId: string, name: string): string | undefined {
    const stream = this.running.get(cameraId);
    if (!stream) return undefined;
    stream.lastSeen = Date.now();
    const file = path.join(stream.dir, name);
    return existsSync(file) ? file : undefined;
  }

  private async start(cameraId: string, cameraName: string): Promise<Running> {
    if (this.running.size >= MAX_LIVE_STREAMS) this.stopIdlest();
    // A directory of this run alone: a stopped ffmpeg writes its last playlist (ended) as it exits, which must not
    // land on the playlist of the stream started after it for the same camera.
    const dir = path.join(this.root, `${cameraId}.${(this.runs += 1)}`);
    await mkdir(dir, { recursive: true });
    const nameFile = path.join(dir, 'name.txt');
    await writeFile(nameFile, cameraName);
    const caption = this.font ? { font: this.font, nameFile, startEpoch: Math.floor(Date.now() / 1000) } : undefined;
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      // Real time: the test source would otherwise make frames as fast as the CPU allows.
      '-re',
      ...demoPicture(caption),
      ...H264,
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_list_size',
      '6',
      '-hls_flags',
      'delete_segments+independent_segments',
      '-hls_segment_filename',
      path.join(dir, 'seg%d.ts'),
      path.join(dir, 'index.m3u8'),
    ];
    const child = spawn(this.binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const stream: Running = { child, dir, lastSeen: Date.now(), ready: Promise.resolve(), stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      stream.stderr = (stream.stderr + chunk.toString()).slice(-2000);
    });
    stream.ready = new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const look = setInterval(() => {
        if (existsSync(path.join(dir, 'index.m3u8'))) {
          clearInterval(look);
          resolve();
        } else if (child.exitCode !== null || Date.now() - started > FIRST_PLAYLIST_MS) {
          clearInterval(look);
          reject(new LiveStreamError(`ffmpeg did not start the stream of ${cameraId}: ${stream.stderr.trim()}`));
        }
      }, 100);
    });
    // A failed start is reported to the caller; the stream is forgotten so the next request tries again.
    stream.ready.catch(() => this.stop(cameraId));
    child.on('exit', (code, signal) => {
      if (this.running.get(cameraId) === stream) this.running.delete(cameraId);
      void rm(dir, { recursive: true, force: true }).catch(() => undefined);
      if (code !== 0 && signal === null)
        this.log.warn({ cameraId, code, stderr: stream.stderr.trim() }, 'video: a demo live stream ended');
    });
    child.on('error', (error) => this.log.warn({ cameraId, error: error.message }, 'video: ffmpeg failed to run'));
    this.running.set(cameraId, stream);
    this.log.info({ cameraId, streams: this.running.size }, 'video: demo live stream started');
    return stream;
  }

  private stop(cameraId: string): void {
    const stream = this.running.get(cameraId);
    if (!stream) return;
    this.running.delete(cameraId);
    // Its directory goes when it has exited (above).
    stream.child.kill('SIGTERM');
  }

  private stopIdlest(): void {
    const idlest = [...this.running.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen)[0];
    if (idlest) this.stop(idlest[0]);
  }

  /** Stops the streams nobody has watched for `idleMs`. */
  sweep(now = Date.now()): void {
    for (const [cameraId, stream] of this.running)
      if (now - stream.lastSeen > this.idleMs) {
        this.log.info({ cameraId }, 'video: demo live stream stopped, nobody watches');
        this.stop(cameraId);
      }
  }

  stopAll(): void {
    clearInterval(this.sweeper);
    for (const cameraId of [...this.running.keys()]) this.stop(cameraId);
  }
}
