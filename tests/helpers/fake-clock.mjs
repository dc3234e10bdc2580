/**
 * Runs the tests as if it were another day (CONTRIBUTING.md, 'Running on another day'):
 *
 *   HV_FAKE_NOW=2026-12-31T23:30:00+13:00 NODE_OPTIONS="--import=$PWD/tests/helpers/fake-clock.mjs" npx vitest run …
 *
 * `Date.now()`, `new Date()` and `Date()` answer the real time shifted by one constant offset, so time still moves
 * and timers run as usual. The first process works the offset out and leaves it in HV_FAKE_CLOCK_OFFSET_MS, which
 * every process it starts (Vitest's workers, the e2e servers, a `tsx` child) inherits, so all of them agree to the
 * millisecond. PGlite's now() runs inside the process and follows; a real PostgreSQL server's now() does not.
 * tests/e2e/browser.ts shifts each page's Date the same way (shiftDate as an init script). Without HV_FAKE_NOW this
 * file changes nothing.
 */

/**
 * Replaces the global Date with the real one whose "now" is `offsetMs` away. Self-contained (a page runs it as an
 * init script). Same prototype, so `instanceof Date` holds for every date and a subclass (TZDate) behaves as before;
 * same parse and UTC.
 * @param {number} offsetMs
 */
export function shiftDate(offsetMs) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offsetMs;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  Object.defineProperty(ShiftedDate, 'length', { value: 7 });
  globalThis.Date = ShiftedDate;
}

/** The offset every process of this run uses, worked out once from HV_FAKE_NOW; 0 when not faking. */
export function fakeClockOffsetMs() {
  const inherited = process.env.HV_FAKE_CLOCK_OFFSET_MS;
  if (inherited) return Number(inherited);
  if (!process.env.HV_FAKE_NOW) return 0;
  const target = Date.parse(process.env.HV_FAKE_NOW);
  if (Number.isNaN(target)) throw new Error(`HV_FAKE_NOW is not an ISO instant: ${process.env.HV_FAKE_NOW}`);
  const offset = target - Date.now();
  process.env.HV_FAKE_CLOCK_OFFSET_MS = String(offset);
  return offset;
}

// Once per process (Vitest may load this file again through its own module graph).
const SHIFTED = Symbol.for('homevisit.fake-clock');
if (!globalThis[SHIFTED]) {
  globalThis[SHIFTED] = true;
  const offset = fakeClockOffsetMs();
  if (offset !== 0) shiftDate(offset);
}
