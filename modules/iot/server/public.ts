/**
 * What other modules may use of the IoT platform's server code, and nothing else: the telemetry store (a pour's probe
 * temperatures, a weighbridge's device credential). Everything else under modules/iot/server is the platform's own and
 * may change without regard to other modules; tests/unit/module-boundaries.test.ts keeps it so.
 */
export { TelemetryStore } from './telemetry-store.js';
