/**
 * Possible matches in the tests (docs/decisions/034): a public booking whose e-mail, or phone under the
 * same first name, leads to an existing client gets a client of its own naming that one. A test that means "the
 * same person booked again" has her say so, as she would on the client's page.
 */
import { expect } from 'vitest';
import type { ClientDetail } from '../../src/shared/schemas/client';
import type { ApiTestApp } from './app';

/** The client a booking belongs to now. */
export async function clientOf(t: Pick<ApiTestApp, 'sql'>, booking: { id: number }): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [booking.id]);
  if (!row) throw new Error(`clientOf: no booking ${booking.id}`);
  return row.client_id;
}

/**
 * She says the booking's client is the existing client it may be (POST /api/admin/clients/:id/match, 'link'): the
 * request's client is merged into the existing one. Answers the client the person now is.
 */
export async function linkMatch(t: Pick<ApiTestApp, 'sql' | 'admin'>, booking: { id: number }): Promise<ClientDetail> {
  const res = await t.admin.post(`/api/admin/clients/${await clientOf(t, booking)}/match`, { decision: 'link' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientDetail>();
}

/** She says the booking's client is another person ('separate'): the match is cleared. */
export async function separateMatch(
  t: Pick<ApiTestApp, 'sql' | 'admin'>,
  booking: { id: number },
): Promise<ClientDetail> {
  const res = await t.admin.post(`/api/admin/clients/${await clientOf(t, booking)}/match`, { decision: 'separate' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientDetail>();
}
