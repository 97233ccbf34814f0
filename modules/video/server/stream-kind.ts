/**
 * What a camera's stream address is, read from the address alone: the players differ (hls.js for HLS, mpegts.js for
 * HTTP-FLV), and so does the name MediaMTX gives the camera's recordings.
 */

export type StreamKind = 'hls' | 'flv';

const pathOf = (address: string) => address.split(/[?#]/, 1)[0]!.replace(/^https?:\/\/[^/]+/i, '');

/**
 * HTTP-FLV when the address's path ends in .flv: SRS (`live/cam1.flv`), ZLMediaKit (`live/cam1.live.flv`),
 * Monibuca (`hdl/live/cam1.flv`); HLS (`.m3u8`, MediaMTX's `cam1/index.m3u8`) otherwise.
 */
export function streamKind(address: string): StreamKind {
  return /\.flv$/i.test(pathOf(address)) ? 'flv' : 'hls';
}

/**
 * The MediaMTX path of a camera (what its playback API's `/list` and `/get` take): the stream address's path without
 * the playlist (`live/cam1/index.m3u8` → `live/cam1`) or without the extension (`live/cam1.flv` → `live/cam1`).
 */
export function mediaServerPath(address: string): string {
  const path = pathOf(address).replace(/^\/+/, '');
  if (/\.m3u8$/i.test(path)) return path.replace(/\/?[^/]*$/, '');
  return path.replace(/(\.live)?\.[A-Za-z0-9]{2,4}$/, '');
}
