/**
 * The loop of an outbox worker (the e-mails' and the texts', docs/decisions/008 and 038): one run at a time (a call
 * made during a run starts when it ends, so two never overlap on one worker), and once started, a run at once and
 * then one `pollMs` after each run ends. A failed run is reported and the polling goes on. The timer never keeps the
 * process alive; stop() ends the polling and waits for the run under way.
 */
export interface PollLoop<R> {
  /** One run, after any under way. */
  runOnce: () => Promise<R>;
  /** Starts polling (once; not after stop()). */
  start: () => void;
  /** Stops polling; resolves when the run under way, if any, has ended. */
  stop: () => Promise<void>;
}

export function createPollLoop<R>(options: {
  run: () => Promise<R>;
  pollMs: number;
  /** A run that threw: logged by the worker, which polls again after pollMs. */
  onError: (err: unknown) => void;
}): PollLoop<R> {
  const { run: runNow, pollMs, onError } = options;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;

  function runOnce(): Promise<R> {
    const run = chain.then(runNow, runNow);
    chain = run.catch(() => {});
    return run;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = null;
    try {
      await runOnce();
    } catch (err) {
      onError(err);
    }
    schedule(pollMs);
  }

  return {
    runOnce,
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
    },
  };
}
