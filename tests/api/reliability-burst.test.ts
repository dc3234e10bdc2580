// @both-databases: a burst against server processes on one PostgreSQL database (PostgreSQL only)
/**
 * Reliability 1 (docs/reliability.md): two server processes on one PostgreSQL database take a
 * concurrent burst of booking requests split over both, for one slot, for neighbouring slots,
 * and for far-apart addresses (Raglan and Hamilton, ~55 min apart) on one day. No two active
 * bookings may overlap or break the route rule, every 201 is stored, every refusal is a 409
 * with a message, and nothing answers 5xx.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import { openDay } from '../helpers/bookings';
import {
  activeOverlaps,
  HAMILTON,
  infeasibleLegs,
  killAll,
  postBooking,
  printSummary,
  RAGLAN,
  RELIABILITY_TIMEOUT_MS,
  sqlClient,
  startServer,
  statusCounts,
} from '../helpers/reliability';
import { backend, createTestDatabase } from '../helpers/test-database';

afterEach(killAll);

const minutes = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe.runIf(backend === 'postgres')(
  'reliability: two processes, one database, a burst of bookings',
  { timeout: RELIABILITY_TIMEOUT_MS },
  () => {
    it('never stores overlapping or infeasible active bookings, stores every 201, and answers no 5xx', async () => {
      const td = await createTestDatabase({ open: false });
      const { sql, close } = sqlClient(td.location.url!);
      try {
        const [a, b] = await Promise.all([startServer(td.location.url!), startServer(td.location.url!)]);
        const sameSlotDay = openDay(20);
        const neighbourDay = openDay(21);
        const farDay = openDay(22);
        const bodies: Array<Record<string, unknown>> = [
          // 24 for one slot
          ...Array.from({ length: 24 }, (_, i) => ({ date: sameSlotDay, time: '10:00', firstName: `Same${i}` })),
          // 24 neighbouring times, 15 minutes apart, 10:00 to 15:45 (each wants 60 min + the 15-min gap)
          ...Array.from({ length: 24 }, (_, i) => ({
            date: neighbourDay,
            time: minutes(600 + 15 * i),
            firstName: `Near${i}`,
          })),
          // 24 on one day, alternately in Raglan and Hamilton, 10:00 to 15:45
          ...Array.from({ length: 24 }, (_, i) => ({
            date: farDay,
            time: minutes(600 + 15 * i),
            address: i % 2 ? HAMILTON : RAGLAN,
            firstName: `Far${i}`,
          })),
        ];
        const t0 = Date.now();
        const answers = await Promise.all(bodies.map((body, i) => postBooking(i % 2 ? a.url : b.url, body)));
        const burstMs = Date.now() - t0;

        const created = answers.filter((x) => x.status === 201);
        const refused = answers.filter((x) => x.status !== 201);
        const ids = created.map((x) => x.body!.id as number);
        const stored = await sql<{ id: number; status: string }>(
          'SELECT id, status FROM bookings WHERE id = ANY($1::int[])',
          [ids],
        );
        const [{ total }] = (await sql<{ total: number }>('SELECT count(*)::int AS total FROM bookings')) as [
          { total: number },
        ];
        const perDay = await sql<{ date: string; n: number }>(
          `SELECT date::text, count(*)::int AS n FROM bookings WHERE status IN ('pending','confirmed') GROUP BY date ORDER BY date`,
        );
        const overlaps = await activeOverlaps(sql);
        const infeasible =
          (await infeasibleLegs(sql, sameSlotDay)) +
          (await infeasibleLegs(sql, neighbourDay)) +
          (await infeasibleLegs(sql, farDay));
        const serverErrors = answers.filter((x) => x.status >= 500 || x.status === 0).length;

        printSummary('two-process-burst', {
          requests: answers.length,
          statuses: statusCounts(answers),
          bookings: total,
          perDay: Object.fromEntries(perDay.map((d) => [d.date, d.n])),
          overlaps,
          infeasibleLegs: infeasible,
          lost: ids.length - stored.length,
          '5xx': serverErrors,
          burstMs,
        });

        expect(serverErrors).toBe(0);
        for (const x of refused) {
          expect(x.status).toBe(409);
          expect([SLOT_TAKEN, ...Object.values(ROUTE_DOES_NOT_FIT)]).toContain(x.body?.message);
        }
        // Every 201 is stored, as pending, and nothing else was stored.
        expect(stored).toHaveLength(ids.length);
        expect(stored.every((r) => r.status === 'pending')).toBe(true);
        expect(total).toBe(ids.length);
        expect(overlaps).toBe(0);
        expect(infeasible).toBe(0);
        // Exactly one for the one slot; some (but never all) of the neighbours and the far-apart day.
        const createdOn = (date: string) => created.filter((x) => x.body!.date === date).length;
        expect(createdOn(sameSlotDay)).toBe(1);
        expect(createdOn(neighbourDay)).toBeGreaterThanOrEqual(2);
        expect(createdOn(neighbourDay)).toBeLessThan(24);
        expect(createdOn(farDay)).toBeGreaterThanOrEqual(2);
        expect(createdOn(farDay)).toBeLessThan(24);
        // Both processes took part.
        expect(a.output()).toContain('"msg":"request"');
        expect(b.output()).toContain('"msg":"request"');
      } finally {
        await killAll();
        await close();
        await td.drop();
      }
    });
  },
);
