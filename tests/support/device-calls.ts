/** Signed device calls as a device makes them (the platform's one scheme), for tests that play a device. */
import { signedDeviceHeaders } from '../../src/server/module-api';

export const TELEMETRY_PATH = '/api/iot/v1.0/telemetry';

/** Headers of a signed POST of `body` to `path` by the device `deviceId`, signed at `at` with a fresh nonce. */
export function deviceHeaders(
  device: { deviceId: string; secret: string },
  path: string,
  body: string,
  at?: number,
): Record<string, string> {
  return signedDeviceHeaders({ ...device, method: 'POST', path, body }, at);
}

/** Headers of a signed reading (POST /api/iot/v1.0/telemetry). */
export function telemetryHeaders(deviceId: string, secret: string, body: string, at?: number): Record<string, string> {
  return deviceHeaders({ deviceId, secret }, TELEMETRY_PATH, body, at);
}
