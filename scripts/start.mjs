/**
 * `npm start`: builds the server to JavaScript when its sources changed (scripts/build-server.mjs), then runs the
 * built start script (scripts/start.ts: the web app built when stale, then the server).
 */
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, builtServerFile } from './build-server.mjs';

await buildServerIfStale();
await import(pathToFileURL(builtServerFile('start')).href);
