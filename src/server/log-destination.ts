/**
 * Where the server's JSON log goes: stdout, written so that its reader never holds the server.
 *
 * pino's default destination writes in the background and, at exit, flushes with a loop that retries a failed
 * write every 100 ms for ever. With the reader gone (a crashed log collector, a closed terminal) every write
 * fails with EPIPE, and a `process.exit` that came before that failure was reported never returned: SIGTERM
 * left the server running. Here each line is written at once, so nothing is left to flush at exit, and:
 * - a full pipe (the reader alive but not reading) keeps the lines in memory, up to MAX_QUEUED_BYTES (later
 *   ones are dropped), and they go out with the next line once it reads again; the server never waits for it;
 * - any other failed write (EPIPE, EIO, EBADF) means the reader is gone: from then on lines are dropped.
 */
import fs from 'node:fs';

/** A stalled reader costs at most this much memory. */
export const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

export interface LogDestination {
  write(line: string): void;
}

/** `writev` is fs.writevSync, or a test's stand-in. */
export function logDestination(fd: number, writev: (fd: number, buffers: Buffer[]) => number): LogDestination {
  let queue: Buffer[] = [];
  let queued = 0;
  let gone = false;
  /** Writes what the reader takes now; on EAGAIN (full) the rest waits for the next line. */
  const drain = () => {
    while (queue.length > 0) {
      let written: number;
      try {
        written = writev(fd, queue);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return;
        gone = true;
        queue = [];
        return;
      }
      if (written === 0) return;
      queued -= written;
      while (queue.length > 0 && written >= queue[0]!.length) written -= queue.shift()!.length;
      if (written > 0) queue[0] = queue[0]!.subarray(written);
    }
  };
  return {
    write(line) {
      if (gone) return;
      const buffer = Buffer.from(line);
      if (queued + buffer.length > MAX_QUEUED_BYTES) drain(); // room for this line, if the reader reads again
      if (queued + buffer.length > MAX_QUEUED_BYTES || gone) return;
      queue.push(buffer);
      queued += buffer.length;
      drain();
    },
  };
}

/** The server's log on stdout; Node's own stdout and stderr (console, warnings) drop what they cannot write. */
export function stdoutLogDestination(): LogDestination {
  // Touching process.stdout also makes a pipe's descriptor non-blocking: a full pipe answers EAGAIN at once.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  return logDestination(process.stdout.fd, fs.writevSync);
}
