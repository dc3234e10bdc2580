// npm start: build whatever is missing or stale, then run the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./build.mjs');

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
// Pass stop signals on, and leave with the server's own exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
