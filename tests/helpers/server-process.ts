/** The real server (the build of src/server/main.ts) in a process of its own, as `npm start` runs it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BUILT_SERVER } from './built-server';
import { TEST_ENV } from './fixtures';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Its address, once it has said it is running. */
  ready: Promise<string>;
  /** Everything it has written to stdout so far (its JSON log). */
  output: () => string;
}

/** Listens on a free loopback port; `env` adds to the test environment (the database to use). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  // Node itself, so a SIGKILL of this child leaves nothing running.
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: { ...process.env, ...TEST_ENV, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 45_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Homevisit is running')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  return { child, ready, output: () => output };
}
