/**
 * A clip of a demo recording as an MP4 file: the segments that cover the range (made if they were not), joined and
 * cut without re-encoding (ffmpeg's concat demuxer, `-c copy`). The demo's key frames fall on every whole second, so
 * a range of whole seconds is cut exactly; `+faststart` puts the index first, so the file plays while it downloads.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.js';
import { type DemoRecordings, SEGMENT_SECONDS } from './recordings.js';

/** The longest clip: ten minutes (about 20 MB at the demo's bitrate). */
export const MAX_CLIP_SECONDS = 600;

export async function demoClip(
  binary: string,
  recordings: DemoRecordings,
  workDir: string,
  camera: { id: string; name: string },
  from: number,
  to: number,
): Promise<Buffer> {
  const first = Math.floor(from / SEGMENT_SECONDS) * SEGMENT_SECONDS;
  const segments: string[] = [];
  for (let at = first; at < to; at += SEGMENT_SECONDS)
    segments.push(await recordings.segment(camera.id, camera.name, at));
  await mkdir(workDir, { recursive: true });
  const base = path.join(workDir, randomUUID());
  const list = `${base}.txt`;
  const output = `${base}.mp4`;
  try {
    await writeFile(list, segments.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'));
    await runFfmpeg(binary, [
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      // After the input: packets before the start are dropped, and the start (a whole second) is a key frame.
      '-ss',
      String(from - first),
      '-t',
      String(to - from),
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      output,
    ]);
    return await readFile(output);
  } finally {
    await rm(list, { force: true });
    await rm(output, { force: true });
  }
}
