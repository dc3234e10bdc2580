// The static checks of `npm test` (type check, format, lint), as many at a time as the machine has cores: run one
// after the other they took over two minutes of a suite that must stay under fifteen (CONTRIBUTING.md). Each check's
// output is printed whole when it ends, so the lines of two checks never mix; fails when any check fails.
import { spawn } from 'node:child_process';
import os from 'node:os';

/** Longest first, so the short ones fill in behind them. */
const CHECKS = [
  ['eslint', ['eslint', '.', '--max-warnings', '0']],
  ['tsc (server, shared, tests)', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['tsc (client)', ['tsc', '--noEmit', '-p', 'src/client/tsconfig.json']],
  ['prettier', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['tsc (service worker)', ['tsc', '--noEmit', '-p', 'src/client/sw/tsconfig.json']],
];

function run([name, [command, ...args]]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const results = [];
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
}
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), CHECKS.length) }, worker));
process.exitCode = results.every(Boolean) ? 0 : 1;
