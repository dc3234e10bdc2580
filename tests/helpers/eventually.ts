/**
 * Polls `read` until `done` holds or the time is up, and answers the last value (the caller's
 * assertion then says what was wrong). For changes that arrive as a notification: a row changed
 * by raw SQL reaches the public cache through the change feed, a moment after the commit.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
