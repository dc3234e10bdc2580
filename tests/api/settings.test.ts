// @both-databases: two server processes on one PostgreSQL database see one set of settings
/**
 * docs/product.md §19, "Settings she owns" (docs/product.md §19): her practice, service area and booking rules are
 * saved in the database and applied at once, without a restart; every invalid field is a 400 naming it and nothing is
 * saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { PracticeInfo } from '../../src/shared/practice';
import type { TravelQuote } from '../../src/shared/schemas/booking';
import type { Settings } from '../../src/shared/schemas/settings';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest } from '../helpers/bookings';
import { eventually } from '../helpers/eventually';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { TEST_ENV } from '../helpers/fixtures';
import { backend } from '../helpers/test-database';
import { KAPITI, KAPITI_BASE, startNominatim, startOsrm, type FakeServer } from '../helpers/osm-servers';
import { onTwoServerProcesses, signedInOver } from '../helpers/two-processes';

const PAGE =
  '<!doctype html><html><head><title>Homevisit</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>';
const t = useTestApp({ signedIn: true, client: { 'index.html': PAGE } });

const settings = async (): Promise<Settings> => (await t.admin.get('/api/admin/settings')).json<Settings>();
const practice = async (): Promise<PracticeInfo> => (await t.get('/api/practice')).json<PracticeInfo>();
const save = (patch: unknown) => t.admin.patch('/api/admin/settings', patch);
const quote = async (address: string) => (await t.post('/api/calculate-travel', { address })).json<TravelQuote>();

describe('her settings', () => {
  it('start as the environment and profile say: the specification’s 50 km, 30 km and $10', async () => {
    const s = await settings();
    expect(s.practice.name).toBe('Whāingaroa Mobile Massage');
    expect(s.practice.localTowns).toEqual(['Raglan', 'Te Uku']);
    expect(s.serviceArea).toEqual({
      maxKm: 50,
      extendedFromKm: 30,
      extendedFeeCents: 2000,
      outsideLocalFeeCents: 1000,
    });
    expect(s.rules).toMatchObject({ horizonDays: 60, bufferMinutes: 15, setupMinutes: 15, changeCutoffHours: 24 });
  });

  it('a saved name shows at once on the public site, in its page title too', async () => {
    const res = await save({ practice: { name: 'Kāpiti Mobile Massage', therapistName: 'Mere' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Settings>().practice.name).toBe('Kāpiti Mobile Massage');
    expect((await practice()).name).toBe('Kāpiti Mobile Massage');
    expect((await practice()).therapistName).toBe('Mere');
    const page = await t.get('/');
    expect(page.body).toContain('<title>Kāpiti Mobile Massage</title>');
    expect((await settings()).practice.shortName).toBe('Whāingaroa Massage'); // what she did not send is unchanged
  });

  it('a GST number as IRD writes it, with spaces or dashes, is kept as IRD prints it; a wrong check digit is refused', async () => {
    const ok = await save({ practice: { gstNumber: '49 091 850' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await settings()).practice.gstNumber).toBe('49-091-850');
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ practice: { gstNumber: '49-091-851', phone: '04 555 0000' } }), [
        { path: 'practice.gstNumber', message: 'This GST number does not pass IRD’s check: check each digit' },
      ]),
    );
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ practice: { gstNumber: '12345' } }), [
        { path: 'practice.gstNumber', message: 'A GST number is 8 or 9 digits, like 123-456-789' },
      ]),
    );
    // Empty: no GST number (prices are then not GST-inclusive).
    expect((await save({ practice: { gstNumber: '' } })).json<Settings>().practice.gstNumber).toBeNull();
  });

  it('a bank account is checked part by part and by its check digit', async () => {
    const ok = await save({ practice: { bankAccount: '01 902 0068389 00', bankAccountName: 'M Rāwiri' } });
    expect(ok.json<Settings>().practice.bankAccount).toBe('01-0902-0068389-00');
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ practice: { bankAccount: '12-0001-0123456-00' } }), [
        { path: 'practice.bankAccount', message: '12-0001 is not a branch of that bank' },
      ]),
    );
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ practice: { bankAccount: '01-0902-0068388-00' } }), [
        {
          path: 'practice.bankAccount',
          message: 'This account number does not pass the bank’s check: check each digit',
        },
      ]),
    );
  });

  it('her base must be in New Zealand (a positive latitude once put Paraparaumu 11,829 km away)', async () => {
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ practice: { base: { lat: 40.9, lon: 175.0 } } }), [
        { path: 'practice.base', message: 'Her base must be in New Zealand: choose the address again' },
      ]),
    );
  });

  it('every bad field is named, and nothing of the request is saved', async () => {
    await expectUnchanged(settings, async () => {
      const body = expectRejected(
        await save({
          practice: { name: 'Saved?', email: 'not an e-mail', socialUrl: 'facebook.com/me' },
          serviceArea: { maxKm: -4 },
          rules: { horizonDays: 0.5 },
        }),
        400,
      );
      expect(body.errors?.map((e) => e.path).sort()).toEqual([
        'practice.email',
        'practice.socialUrl',
        'rules.horizonDays',
        'serviceArea.maxKm',
      ]);
    });
    expect((await practice()).name).not.toBe('Saved?');
    // A field that does not exist is refused, not ignored: a typo must not look saved.
    expectRejected(await save({ practice: { nmae: 'Typo' } }), 400);
    expectRejected(await save({ colour: 'teal' }), 400);
  });

  it('any number of local towns: each one is free, and the quote names them all', async () => {
    const towns = ['Raglan', 'Te Uku', 'Whale Bay', 'Manu Bay'];
    expect((await save({ practice: { localTowns: towns } })).statusCode).toBe(200);
    const q = await quote('4 Calvert Road, Whale Bay');
    expect(q).toMatchObject({ zone: 'local', travelCost: 0 });
    expect(q.message).toBe('Free travel within Raglan, Te Uku, Whale Bay and Manu Bay');
    expect((await practice()).localTowns).toEqual(towns);
    expectRejected(await save({ practice: { localTowns: ['Raglan', 'raglan'] } }), 400);
  });

  it('her service area and fees apply at once, and the refusal names her distance', async () => {
    const before = await quote('20 Victoria Street, Hamilton');
    expect(before.zone).toBe('extended');
    const res = await save({ serviceArea: { maxKm: 30, extendedFromKm: 20, outsideLocalFeeCents: 1500 } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await quote('20 Victoria Street, Hamilton');
    expect(after).toMatchObject({ zone: 'refused', refused: true });
    expect(after.message).toBe(
      'We cannot provide services to locations beyond 30km from our business. Please enter an address within our service area.',
    );
    const refused = await book(t, bookingRequest({ address: '20 Victoria Street, Hamilton' }));
    expectRejected(refused, 400, after.message);
    expect((await practice()).serviceArea).toEqual({ maxKm: 30, extendedFromKm: 20, extendedFeeCents: 2000 });
    expect((await practice()).travelFeeCents).toBe(1500);
    // The extended range must start inside the area; named on the field she sent.
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ serviceArea: { maxKm: 15 } }), [
        {
          path: 'serviceArea.maxKm',
          message: 'The service area must reach the start of the extended range (20 km or more)',
        },
      ]),
    );
    await expectUnchanged(settings, async () =>
      expectInvalid(await save({ serviceArea: { extendedFromKm: 35 } }), [
        {
          path: 'serviceArea.extendedFromKm',
          message: 'The extended range must start within the service area (30 km or less)',
        },
      ]),
    );
    await save({ serviceArea: { maxKm: 50, extendedFromKm: 30, outsideLocalFeeCents: 1000 } });
  });

  it('her booking rules apply at once: a horizon of 5 days closes the days after it', async () => {
    const far = bookingRequest().date; // a week ahead or more
    const open = await t.get(`/api/availability/${far}`);
    expect(open.statusCode).toBe(200);
    expect(JSON.stringify(open.json())).toContain('10:00');
    expect((await save({ rules: { horizonDays: 5, reminderHours: null, minNoticeHours: 12 } })).statusCode).toBe(200);
    expect(t.config.booking.horizonDays).toBe(5);
    expect(t.config.booking.reminderLeadMs).toBeNull();
    expect(t.config.booking.minNoticeMinutes).toBe(720);
    const closed = await book(t, bookingRequest({ email: 'horizon@example.nz' }));
    expect(closed.statusCode, closed.body).toBeGreaterThanOrEqual(400);
    expect(closed.statusCode).toBeLessThan(500);
    expect((await save({ rules: { horizonDays: 60, reminderHours: 24, minNoticeHours: 2 } })).statusCode).toBe(200);
    const booked = await book(t, bookingRequest({ email: 'horizon@example.nz' }));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('locates her base address: where it is, or 404 when it cannot be found', async () => {
    const found = await t.admin.get('/api/admin/settings/locate?address=Raglan');
    expect(found.statusCode, found.body).toBe(200);
    const place = found.json<{ lat: number; lon: number; label: string }>();
    expect(place.lat).toBeCloseTo(-37.8, 1);
    expect(place.lon).toBeCloseTo(174.87, 1);
    expectRejected(await t.admin.get('/api/admin/settings/locate?address=Qwxzv%20Zzyzx'), 404);
  });

  it('a new server process on the same database starts with what she saved', async () => {
    const saved = await settings();
    const config = { ...loadConfig(TEST_ENV), clientDir: null };
    const second = await buildApp(config, t.database, { logger: false });
    try {
      await second.ready();
      const res = await second.inject({ method: 'GET', url: '/api/practice' });
      expect(res.json<PracticeInfo>().name).toBe(saved.practice.name);
      expect(config.practice.localTowns).toEqual(saved.practice.localTowns);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(backend === 'postgres')('two server processes', () => {
  it('a save in one applies in the other without a restart', { timeout: 60_000 }, async () => {
    await onTwoServerProcesses(async ({ a, b }) => {
      const hers = await signedInOver(a);
      const res = await hers('PATCH', '/api/admin/settings', { practice: { name: 'Kāpiti Mobile Massage' } });
      expect(res.status, res.body).toBe(200);
      const seen = await eventually(
        async () => ((await (await fetch(`${b}/api/practice`)).json()) as PracticeInfo).name,
        (name) => name === 'Kāpiti Mobile Massage',
      );
      expect(seen).toBe('Kāpiti Mobile Massage');
    });
  });
});

describe('drives without a paid key, set up in Settings (no restart, no environment)', () => {
  let nominatim: FakeServer;
  let osrm: FakeServer;
  beforeAll(async () => {
    [nominatim, osrm] = await Promise.all([startNominatim(Object.values(KAPITI)), startOsrm(Object.values(KAPITI))]);
  });
  afterAll(() => Promise.all([nominatim.close(), osrm.close()]));
  const k = useTestApp({ signedIn: true });
  let n = 0;
  const quoteHere = async (address: string) =>
    (await k.post('/api/calculate-travel', { address }, { remoteAddress: `10.41.0.${++n}` })).json<TravelQuote>();

  it('her Paraparaumu practice: a visitor from Waikanae and one from Ōtaki get the OSRM road distance', async () => {
    const res = await k.admin.patch('/api/admin/settings', {
      practice: {
        baseAddress: 'Kāpiti Road, Paraparaumu',
        base: KAPITI_BASE,
        localTowns: ['Paraparaumu', 'Raumati Beach', 'Raumati South', 'Paekākāriki'],
      },
      serviceArea: { maxKm: 40 },
      maps: { geocoderUrl: `${nominatim.origin}/search`, routerUrl: `${osrm.origin}/route/v1/driving` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await quoteHere('12 Ngaio Road, Waikanae')).toMatchObject({ distanceKm: 9.6, zone: 'standard' });
    expect(await quoteHere('20 Main Street, Ōtaki')).toMatchObject({ distanceKm: 20.4, zone: 'standard' });
    expect(osrm.requests.length).toBeGreaterThanOrEqual(2);
    // Without the servers, the same address is the offline estimate again.
    await k.admin.patch('/api/admin/settings', { maps: { geocoderUrl: null, routerUrl: null } });
    const offline = await quoteHere('20 Main Street, Ōtaki');
    expect(offline.distanceKm).not.toBe(20.4);
  });

  it('a maps address must be a web address', async () => {
    await expectUnchanged(
      async () => (await k.admin.get('/api/admin/settings')).json(),
      async () =>
        expectInvalid(await k.admin.patch('/api/admin/settings', { maps: { routerUrl: 'ftp://router.example' } }), [
          { path: 'maps.routerUrl', message: 'Enter the full address, starting with https://' },
        ]),
    );
  });
});
