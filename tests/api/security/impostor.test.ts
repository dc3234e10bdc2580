/**
 * Decision 034: a booking does not make its booker the client (docs/decisions/034). A visitor who books with a real
 * client's e-mail, or her phone and first name, learns nothing about that client and changes nothing of that
 * client's record until she accepts the match.
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../../src/shared/health-form';
import type { Booking, PendingBooking } from '../../../src/shared/schemas/booking';
import type { ClientDetail } from '../../../src/shared/schemas/client';
import type { AdminClientHealth, HealthFormPage } from '../../../src/shared/schemas/health';
import type { Service } from '../../../src/shared/schemas/service';
import { useTestApp } from '../../helpers/app';
import { book, bookingRequest, openDay } from '../../helpers/bookings';
import { QUIET_HEALTH_ANSWERS } from '../../helpers/health-answers';

const t = useTestApp({ signedIn: true });

let slots = 0;
/** Each booking its own slot: three a day on days running forward. */
const nextSlot = () => {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
};

/** The real client's form: blood thinners and blood clots. */
const FLAGGED = {
  ...QUIET_HEALTH_ANSWERS,
  bloodClots: true,
  takingMedication: true,
  medicationNames: 'warfarin',
  bloodThinners: true,
};

async function bookAs(who: Record<string, unknown>, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ ...nextSlot(), ...who, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}
const formUrl = (b: Booking) => `/api/bookings/token/${b.cancelToken}/health-form`;
const consent = (fullName: string) => ({ version: HEALTH_CONSENT.version, fullName });
async function clientOf(b: Booking): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [b.id]);
  return row!.client_id;
}
const clientRow = async (id: number) =>
  (
    await t.sql<{ first_name: string; last_name: string; email: string; phone: string }>(
      'SELECT first_name, last_name, email, phone FROM clients WHERE id = $1',
      [id],
    )
  )[0];
const contactsOf = async (id: number) =>
  (
    await t.sql<{ kind: string; value: string }>(
      'SELECT kind, value FROM client_contacts WHERE client_id = $1 ORDER BY kind, value',
      [id],
    )
  ).map((c) => `${c.kind}:${c.value}`);
const healthOf = (id: number) => t.admin.getJson<AdminClientHealth>(`/api/admin/clients/${id}/health-form`);
const pendingCard = async (b: Booking) =>
  (await t.admin.getJson<PendingBooking[]>('/api/admin/bookings/pending')).find((p) => p.id === b.id)!;
/** The page and booking answer a visitor gets, without what differs for every booking. */
const publicView = async (b: Booking) => {
  const page = await t.getJson<HealthFormPage>(formUrl(b));
  const link = await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`);
  return {
    status: page.status,
    submittedAt: page.submittedAt,
    previous: page.previous ?? null,
    healthForm: link.healthForm,
    deposit: link.deposit ? { amountCents: link.deposit.amountCents } : null,
    createdDeposit: b.deposit ? { amountCents: b.deposit.amountCents } : null,
  };
};

let people = 0;
/** A real client: booked, her form with red flags given, her visit confirmed (a returning client). */
async function realClient(service?: Service) {
  const n = ++people;
  const who = {
    firstName: 'Aroha',
    lastName: `Client${n}`,
    email: `aroha${n}@example.nz`,
    phone: `021 600 ${1000 + n}`,
  };
  const first = await bookAs(who, service ? { serviceLengthId: service.id } : {});
  const saved = await t.post(formUrl(first), { answers: FLAGGED, consent: consent(`Aroha Client${n}`) });
  expect(saved.statusCode, saved.body).toBe(201);
  const ok = await t.admin.patch(`/api/admin/bookings/${first.id}/status`, {
    status: 'confirmed',
    confirmHealth: true,
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return { who, first, clientId: await clientOf(first) };
}

describe('a booking with a real client’s e-mail', () => {
  it('changes nothing of the client: not her name, phone, contacts or health form, and not after a cancel', async () => {
    const real = await realClient();
    const before = {
      row: await clientRow(real.clientId),
      contacts: await contactsOf(real.clientId),
      health: await healthOf(real.clientId),
    };
    expect(before.health.current?.flags).toEqual(expect.arrayContaining(['blood thinners', 'blood clots / DVT']));

    const impostor = await bookAs({ ...real.who, firstName: 'Mallory', lastName: 'Evil', phone: '021 999 0001' });
    expect(await clientOf(impostor)).not.toBe(real.clientId);
    // Their form, with no red flags, is theirs: it never becomes the client's current form.
    const saved = await t.post(formUrl(impostor), { answers: QUIET_HEALTH_ANSWERS, consent: consent('Mallory Evil') });
    expect(saved.statusCode, saved.body).toBe(201);
    // A later booking from their own e-mail and her phone and first name: still not her record.
    const second = await bookAs({
      firstName: 'Aroha',
      lastName: 'Evil',
      email: 'mallory@evil.example',
      phone: real.who.phone,
    });
    expect(await clientOf(second)).not.toBe(real.clientId);
    expect((await t.post(`/api/bookings/cancel/${impostor.cancelToken}`)).statusCode).toBe(200);

    expect(await clientRow(real.clientId)).toEqual(before.row);
    expect(await contactsOf(real.clientId)).toEqual(before.contacts);
    const after = await healthOf(real.clientId);
    expect(after.current?.id).toBe(before.health.current?.id);
    expect(after.current?.flags).toEqual(before.health.current?.flags);
  });

  it('cannot re-confirm the client’s form under their own name', async () => {
    const real = await realClient();
    const impostor = await bookAs({ ...real.who, firstName: 'Mallory' });
    const page = await t.getJson<HealthFormPage>(formUrl(impostor));
    expect(page.previous).toBeUndefined();
    const res = await t.post(formUrl(impostor), { reconfirm: true, consent: consent('Mallory Evil') });
    expect(res.statusCode).toBe(409);
    const forms = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM health_forms WHERE client_id = $1', [
      real.clientId,
    ]);
    expect(forms[0]!.n).toBe(1);
  });

  it('learns nothing: the health form, the booking and the deposit answer as for a stranger', async () => {
    const service = (
      await t.admin.post('/api/services', {
        name: 'Oracle test',
        description: 'Asks a deposit of first-time clients.',
        durationOptions: [{ duration: 60, price: 8000 }],
        depositCents: 2000,
      })
    ).json<Service>();
    await t.admin.put('/api/admin/money/settings', { depositAppliesTo: 'first-time', keepDepositOnLateCancel: false });
    const real = await realClient(service);
    const byEmail = await bookAs({ ...real.who, firstName: 'Mallory' }, { serviceLengthId: service.id });
    const byPhone = await bookAs(
      { ...real.who, email: 'someone-else@example.nz', lastName: 'Whoever' },
      { serviceLengthId: service.id },
    );
    const stranger = await bookAs(
      { firstName: 'Nobody', lastName: 'Known', email: 'nobody@example.nz', phone: '021 888 0000' },
      { serviceLengthId: service.id },
    );
    const expected = await publicView(stranger);
    expect(expected.createdDeposit).toEqual({ amountCents: 2000 });
    expect(await publicView(byEmail)).toEqual(expected);
    expect(await publicView(byPhone)).toEqual(expected);
  });
});

describe('her screens: the match she can see and decide', () => {
  it('shows the match and its differences, and approving keeps the client apart unless she links it', async () => {
    const real = await realClient();
    const impostor = await bookAs({ ...real.who, firstName: 'Mallory', lastName: 'Evil', phone: '021 999 0002' });
    const card = await pendingCard(impostor);
    expect(card.clientMatch).toEqual({
      clientId: real.clientId,
      name: `${real.who.firstName} ${real.who.lastName}`,
      same: ['e-mail'],
      different: ['name', 'phone'],
    });
    const approved = await t.admin.patch(`/api/admin/bookings/${impostor.id}/status`, {
      status: 'confirmed',
      clientMatch: 'separate',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const own = await t.admin.getJson<ClientDetail>(`/api/admin/clients/${await clientOf(impostor)}`);
    expect(own.possibleMatch).toBeNull();
    expect(own.id).not.toBe(real.clientId);
    expect((await clientRow(real.clientId))!.first_name).toBe('Aroha');
  });

  it('links a returning client when she says it is the same person: one record, the new form current', async () => {
    const real = await realClient();
    const again = await bookAs(real.who);
    expect((await pendingCard(again)).clientMatch).toMatchObject({
      clientId: real.clientId,
      same: ['e-mail', 'name', 'phone'],
      different: [],
    });
    const own = await clientOf(again);
    const saved = await t.post(formUrl(again), { answers: QUIET_HEALTH_ANSWERS, consent: consent('Aroha') });
    expect(saved.statusCode).toBe(201);
    // Linking brings her record's red flags to the visit: she approves having read them.
    const unread = await t.admin.patch(`/api/admin/bookings/${again.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(unread.statusCode).toBe(409);
    expect(unread.json<{ code: string }>().code).toBe('HEALTH_NOT_CONFIRMED');
    const res = await t.admin.patch(`/api/admin/bookings/${again.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
      confirmHealth: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await clientOf(again)).toBe(real.clientId);
    expect(await t.sql('SELECT id FROM clients WHERE id = $1', [own])).toEqual([]);
    const health = await healthOf(real.clientId);
    expect(health.current?.flags).toEqual([]);
    expect(health.history).toHaveLength(2);
    const log = await t.admin.getJson<{ actor: string; action: string }[]>(
      `/api/admin/clients/${real.clientId}/access-log`,
    );
    expect(log.find((l) => l.action === 'merge')?.actor).toBe('admin');
  });

  it('decides from the client page: link, separate, and a second decision refused', async () => {
    const real = await realClient();
    const one = await bookAs({ ...real.who, lastName: 'Other' });
    const two = await bookAs({ ...real.who, phone: '021 999 0003' });
    const separate = await t.admin.post(`/api/admin/clients/${await clientOf(one)}/match`, { decision: 'separate' });
    expect(separate.statusCode, separate.body).toBe(200);
    expect(separate.json<ClientDetail>().possibleMatch).toBeNull();
    const again = await t.admin.post(`/api/admin/clients/${await clientOf(one)}/match`, { decision: 'link' });
    expect(again.statusCode).toBe(409);
    const link = await t.admin.post(`/api/admin/clients/${await clientOf(two)}/match`, { decision: 'link' });
    expect(link.statusCode, link.body).toBe(200);
    const linked = link.json<ClientDetail>();
    expect(linked.id).toBe(real.clientId);
    // Her stored details stay; the request's other phone is a further contact.
    expect(linked.phone).toBe(real.who.phone);
    expect(linked.otherContacts).toContainEqual({ kind: 'phone', value: '+64219990003' });
  });

  it('a match whose client she erased is no match: nothing to decide, and the approval goes through', async () => {
    const real = await realClient();
    const request = await bookAs({ ...real.who, firstName: 'Someone' });
    // Erasure waits until nothing is ahead: her visit is cancelled first.
    const cancelled = await t.admin.patch(`/api/bookings/${real.first.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const erased = await t.admin.post(`/api/admin/clients/${real.clientId}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);

    expect((await pendingCard(request)).clientMatch).toBeNull();
    const own = await clientOf(request);
    expect((await t.admin.getJson<ClientDetail>(`/api/admin/clients/${own}`)).possibleMatch).toBeNull();
    const decide = await t.admin.post(`/api/admin/clients/${own}/match`, { decision: 'separate' });
    expect(decide.statusCode).toBe(409);
    const approved = await t.admin.patch(`/api/admin/bookings/${request.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await clientOf(request)).toBe(own);
  });
});
