/** What the video module's API answers (modules/video/server/plugin.ts), as the screens read it. */
export interface CameraView {
  id: string;
  name: string;
  location: string;
  gbId: string;
  streamUrl: string;
  play?: { kind: 'hls' | 'flv'; url: string };
  unavailable?: string;
}

export interface RecordedBlock {
  from: string;
  to: string;
  url: string;
  /** hls: url is the block's VOD playlist; mp4 (MediaMTX): url plays it from `?start=&duration=`. */
  kind: 'hls' | 'mp4';
}

export interface DayRecordings {
  cameraId: string;
  date: string;
  dayStart: string;
  dayEnd: string;
  /** How long the demo recordings are kept (absent for a media server's). */
  retentionDays?: number;
  blocks: RecordedBlock[];
}

/** A block with its times as milliseconds since the epoch. */
export interface Block {
  from: number;
  to: number;
  url: string;
  kind: 'hls' | 'mp4';
}

export const toBlocks = (day: DayRecordings | undefined): Block[] =>
  (day?.blocks ?? []).map((block) => ({
    from: Date.parse(block.from),
    to: Date.parse(block.to),
    url: block.url,
    kind: block.kind,
  }));

/** The longest run of characters two texts share (3号楼基坑 and 3号楼基坑东北角: 5). */
function sharedRun(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i += 1)
    for (let j = 0; j < b.length; j += 1) {
      let length = 0;
      while (i + length < a.length && j + length < b.length && a[i + length] === b[j + length]) length += 1;
      best = Math.max(best, length);
    }
  return best;
}

/**
 * The camera nearest a place a record names (a hazard's 部位, a warning's device): the one whose name shares the
 * longest run of characters with it, at least two (1号塔吊 finds 1号塔吊吊钩, 地下室基坑北侧 finds 3号楼基坑), else
 * the one whose location does (东侧 finds the camera 东侧主入口闸机上方), a name winning a tie since it says what the
 * camera watches; the first camera when none shares two or no place is named. Cameras carry no coordinates, so the
 * words are what there is to go by.
 */
export function nearestCamera<C extends { name: string; location: string }>(
  cameras: readonly C[],
  place: string | undefined,
): C | undefined {
  let best: { camera: C; score: number } | undefined;
  if (place)
    for (const camera of cameras) {
      const byName = sharedRun(place, camera.name);
      const score =
        byName >= 2 ? Math.max(byName + 0.5, sharedRun(place, camera.location)) : sharedRun(place, camera.location);
      if (score >= 2 && score > (best?.score ?? 0)) best = { camera, score };
    }
  return best?.camera ?? cameras[0];
}

const pad = (value: number) => String(value).padStart(2, '0');
const china = (ms: number) => new Date(ms + 8 * 3600 * 1000);

/** China date of a time: 2026-11-28. */
export const chinaDay = (ms: number) => china(ms).toISOString().slice(0, 10);
/** China clock of a time: 14:05:09. */
export const chinaClock = (ms: number) => {
  const at = china(ms);
  return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
};
/** A file name's stamp of a time: 20261128140509. */
export const fileStamp = (ms: number) => `${chinaDay(ms).replace(/-/g, '')}${chinaClock(ms).replace(/:/g, '')}`;

/** Saves a blob the browser holds under `name` (a snapshot, a clip). */
export function saveBlob(blob: unknown, name: string): void {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The picture a <video> shows now, as a PNG file named after the camera and the time it shows. */
export function saveSnapshot(video: HTMLVideoElement, cameraName: string, shownAt: number): boolean {
  if (!video.videoWidth) return false;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  canvas.toBlob((blob) => saveBlob(blob, `${cameraName}_${fileStamp(shownAt)}.png`), 'image/png');
  return true;
}
