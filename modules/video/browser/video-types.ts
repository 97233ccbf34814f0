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
}

export interface DayRecordings {
  cameraId: string;
  date: string;
  dayStart: string;
  dayEnd: string;
  retentionDays: number;
  blocks: RecordedBlock[];
}

/** A block with its times as milliseconds since the epoch. */
export interface Block {
  from: number;
  to: number;
  url: string;
}

export const toBlocks = (day: DayRecordings | undefined): Block[] =>
  (day?.blocks ?? []).map((block) => ({ from: Date.parse(block.from), to: Date.parse(block.to), url: block.url }));

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
