/** `npm start`: build the web app when needed, then run the server on the embedded database with demo data. */
import { buildIfStale } from './build-if-stale';

process.env.PORTAL_DEMO ??= '1';
buildIfStale();
await import('../src/server/main');
