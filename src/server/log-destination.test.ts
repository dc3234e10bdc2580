import { describe, expect, it } from 'vitest';
import { logDestination, MAX_QUEUED_BYTES } from './log-destination';

/** A stand-in for fs.writevSync: a pipe that takes `room` bytes, then answers EAGAIN, or is gone. */
function fakePipe() {
  const pipe = { received: '', room: Infinity, gone: false, calls: 0 };
  const writev = (_fd: number, buffers: Buffer[]) => {
    pipe.calls++;
    if (pipe.gone) throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    if (pipe.room === 0) throw Object.assign(new Error('write EAGAIN'), { code: 'EAGAIN' });
    const text = Buffer.concat(buffers).subarray(0, pipe.room);
    pipe.received += text.toString();
    pipe.room -= text.length;
    return text.length;
  };
  return { pipe, writev };
}

describe('the log destination', () => {
  it('writes each line at once', () => {
    const { pipe, writev } = fakePipe();
    const log = logDestination(1, writev);
    log.write('{"msg":"one"}\n');
    log.write('{"msg":"two"}\n');
    expect(pipe.received).toBe('{"msg":"one"}\n{"msg":"two"}\n');
  });

  it('keeps lines a full pipe refused, in order, and sends them with the next line once it reads again', () => {
    const { pipe, writev } = fakePipe();
    const log = logDestination(1, writev);
    pipe.room = 20; // half of the second line fits
    log.write('{"msg":"first one"}\n');
    log.write('{"msg":"second one"}\n');
    log.write('{"msg":"third one"}\n');
    expect(pipe.received).toBe('{"msg":"first one"}\n');
    pipe.room = Infinity;
    log.write('{"msg":"fourth"}\n');
    expect(pipe.received.split('\n')).toEqual([
      '{"msg":"first one"}',
      '{"msg":"second one"}',
      '{"msg":"third one"}',
      '{"msg":"fourth"}',
      '',
    ]);
  });

  it('holds at most MAX_QUEUED_BYTES for a reader that does not read: later lines are dropped', () => {
    const { pipe, writev } = fakePipe();
    const log = logDestination(1, writev);
    pipe.room = 0;
    const line = `${'x'.repeat(1023)}\n`;
    const lines = MAX_QUEUED_BYTES / 1024 + 10;
    for (let i = 0; i < lines; i++) log.write(line);
    pipe.room = Infinity;
    log.write('last\n');
    expect(pipe.received.length).toBe(MAX_QUEUED_BYTES + 'last\n'.length);
  });

  it('drops every line once the reader is gone, without trying again', () => {
    const { pipe, writev } = fakePipe();
    const log = logDestination(1, writev);
    log.write('before\n');
    pipe.gone = true;
    expect(() => log.write('after\n')).not.toThrow();
    const calls = pipe.calls;
    log.write('and later\n');
    expect(pipe.calls).toBe(calls);
    expect(pipe.received).toBe('before\n');
  });
});
