/** `npm run dev`: the API server (restarting on change) and Vite's dev server (hot reload) side by side. */
import { spawn } from 'node:child_process';

process.env.PORTAL_DEMO ??= '1';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: '8080' } }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
