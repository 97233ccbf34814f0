/**
 * The demo HTTP-FLV streams (no PORTAL_MEDIA_URL, a camera whose stream address ends in .flv): HTTP-FLV is one
 * endless response per viewer, its first bytes the FLV header and the codec's configuration, so each viewer gets an
 * ffmpeg of its own writing FLV to the response (progressive, chunked) from the moment it connects, stopped when the
 * viewer goes. At the demo's size one costs about 3 % of a core, as a demo HLS stream does; at most
 * MAX_LIVE_STREAMS run at once.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { demoPicture, H264 } from './ffmpeg.js';
import { type LiveLog, MAX_LIVE_STREAMS } from './live-streams.js';

export class FlvStreams {
  private readonly viewers = new Set<ChildProcess>();

  constructor(
    private readonly binary: string,
    private readonly root: string,
    private readonly font: string | undefined,
    private readonly log: LiveLog,
  ) {}

  /** How many viewers watch a demo FLV stream now (for the tests). */
  get count(): number {
    return this.viewers.size;
  }

  /**
   * A viewer's FLV stream of the camera, or undefined when MAX_LIVE_STREAMS already run. Destroying the stream (the
   * viewer went) stops its ffmpeg.
   */
  async open(cameraId: string, cameraName: string): Promise<Readable | undefined> {
    if (this.viewers.size >= MAX_LIVE_STREAMS) return undefined;
    const dir = path.join(this.root, cameraId);
    await mkdir(dir, { recursive: true });
    const nameFile = path.join(dir, 'name.txt');
    await writeFile(nameFile, cameraName);
    const caption = this.font ? { font: this.font, nameFile, startEpoch: Math.floor(Date.now() / 1000) } : undefined;
    const child = spawn(
      this.binary,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-re',
        ...demoPicture(caption),
        ...H264,
        '-f',
        'flv',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.viewers.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => this.log.warn({ cameraId, error: error.message }, 'video: ffmpeg failed to run'));
    child.on('exit', (code, signal) => {
      this.viewers.delete(child);
      if (code !== 0 && signal === null)
        this.log.warn({ cameraId, code, stderr: stderr.trim() }, 'video: a demo FLV stream ended');
    });
    const output = child.stdout;
    output.on('close', () => child.kill('SIGTERM'));
    return output;
  }

  stopAll(): void {
    for (const child of this.viewers) child.kill('SIGTERM');
  }
}
