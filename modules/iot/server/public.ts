/**
 * What other modules may use of the IoT platform's server code, and nothing else: signed device requests (a
 * weighbridge's passes are signed and replay-protected like readings) and the telemetry store (a pour's probe
 * temperatures, a scale's device credentials). Everything else under modules/iot/server is the platform's own and
 * may change without regard to other modules; tests/unit/module-boundaries.test.ts keeps it so.
 */
export { keepRawJsonBody } from './device-routes.js';
export { NONCE_PATTERN, SIGNATURE_WINDOW_MS, signatureMatches, signReading } from './signature.js';
export { TelemetryStore } from './telemetry-store.js';
