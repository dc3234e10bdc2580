// @both-databases: confirmations race for one voucher's balance (row locks)
/**
 * Gift vouchers (docs/product.md §18.5, decision 039), on both databases: the page's options; a purchase
 * through Stripe Checkout whose voucher is issued only by the signed webhook, once; the recipient's e-mail on the day
 * chosen with the PDF read back (mailparser, pdftotext); the code's lookup, limited and saying nothing of who; a
 * voucher sold off-line; a $120 voucher paying $80 of a visit when she confirms it, $40 left; three years at least;
 * the Money tab and its CSV keeping vouchers sold apart from takings.
 */
import { simpleParser } from 'mailparser';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import type { AdminVoucherCreated, AdminVouchers, VoucherOptions } from '../../src/shared/schemas/vouchers';
import { VOUCHER_MESSAGES } from '../../src/shared/schemas/vouchers';
import type { MoneySummary } from '../../src/shared/schemas/money';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { enqueueEmail, holdWaiting } from '../../src/server/modules/mail/outbox';
import { createMailWorker } from '../../src/server/modules/mail/worker';
import { CSV_ENTRY, MONEY_EXPORT_COLUMNS } from '../../src/server/modules/money/money-csv';
import { VOUCHER_LOOKUPS_PER_WINDOW, VOUCHER_PURCHASES_PER_HOUR } from '../../src/server/modules/vouchers/routes';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { pdfInfo, pdfWords } from '../helpers/pdf';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeServer } from '../helpers/stripe-server';

let stripe: StripeServer;
let smtp: Smtp;
beforeAll(async () => {
  [stripe, smtp] = await Promise.all([startStripeServer(), startSmtp()]);
});
afterAll(async () => {
  await Promise.all([stripe.close(), smtp.close()]);
});

const t = useTestApp(() => ({
  signedIn: true,
  env: { STRIPE_API_BASE: stripe.origin, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
}));
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * The next 20 December (NZ) after today: the day the friend chose, always ahead, so on 20 December itself the e-mail
 * is not already due (the page allows a day up to 366 days on).
 */
function nextTwentiethOfDecember(): string {
  const today = nzToday();
  const thisYear = `${today.slice(0, 4)}-12-20`;
  return thisYear > today ? thisYear : `${Number(today.slice(0, 4)) + 1}-12-20`;
}

/**
 * The last day of a voucher sold on `soldOn` with her default (three years, the law's minimum): the same day three
 * years on, 28 February for a 29 February sale. Worked out here, not by the code under test.
 */
function threeYearsOn(soldOn: string): string {
  const year = Number(soldOn.slice(0, 4)) + 3;
  const monthDay = soldOn.slice(5) === '02-29' ? '02-28' : soldOn.slice(5);
  return `${year}-${monthDay}`;
}

/** 'December 20, 2029', as a person reads it (UTC noon, so no zone moves the day). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

const vouchersCount = async () =>
  (await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM vouchers WHERE status = 'issued'"))[0]!.n;
const allVouchers = () => t.sql('SELECT * FROM vouchers ORDER BY id');
const mailsOf = (kind: string) =>
  t.sql<{ id: number; to_address: string; text_body: string; next_attempt_at: Date }>(
    'SELECT id, to_address, text_body, next_attempt_at FROM email_outbox WHERE kind = $1 ORDER BY id',
    [kind],
  );

const purchase = (over: Record<string, unknown> = {}) => ({
  amountCents: 12000,
  buyer: { name: 'Mere Friend', email: 'mere@example.nz' },
  recipient: { name: 'Aroha Birthday', email: 'aroha@example.nz' },
  message: 'Happy birthday, e hoa!',
  sendOn: nextTwentiethOfDecember(),
  ...over,
});

/** Delivers an event to the app as Stripe does, signed with her webhook secret. */
function deliver(event: ReturnType<StripeServer['event']>) {
  const { payload, signature } = stripe.signed(event, TEST_STRIPE_KEYS.webhookSecret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** A lookup from an address of its own, so the limit's count is the test's. */
const lookup = (code: string, ip = '198.51.100.7') =>
  t.app.inject({ method: 'GET', url: `/api/vouchers/${encodeURIComponent(code)}`, remoteAddress: ip });

const codeIn = (text: string) => /GIFT(?:-[0-9A-Z]{4}){4}/.exec(text)?.[0] ?? null;

describe('without card payments', () => {
  it('offers the amounts but cannot sell: POST is 404 CARD_PAYMENTS_OFF and nothing is kept', async () => {
    const options = await t.getJson<VoucherOptions>('/api/vouchers/options');
    expect(options).toMatchObject({ canBuy: false, amountsCents: [5000, 8000, 12000, 15000], expiryMonths: 36 });
    await expectUnchanged(allVouchers, async () =>
      expectRejected(await t.post('/api/vouchers', purchase()), 404, VOUCHER_MESSAGES.cardsOff),
    );
  });
});

describe('with card payments', () => {
  beforeAll(async () => {
    const res = await t.admin.patch('/api/admin/settings/payments', {
      stripeSecretKey: TEST_STRIPE_KEYS.secretKey,
      stripeWebhookSecret: TEST_STRIPE_KEYS.webhookSecret,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('offers her amounts and each massage at its price', async () => {
    const options = await t.getJson<VoucherOptions>('/api/vouchers/options');
    expect(options.canBuy).toBe(true);
    expect(options.today).toBe(nzToday());
    expect(options.services).toContainEqual({
      serviceLengthId: 1,
      duration: 60,
      label: 'Swedish Massage, 60 min',
      priceCents: 8000,
    });
  });

  it('refuses a figure she does not offer, an unknown massage and a past day, keeping nothing', async () => {
    const send = (body: unknown) => t.post('/api/vouchers', body);
    await expectUnchanged(allVouchers, async () => {
      expectInvalid(await send(purchase({ amountCents: 11999 })), [
        { path: 'amountCents', message: VOUCHER_MESSAGES.notOffered },
      ]);
      expectInvalid(await send(purchase({ amountCents: undefined, serviceLengthId: 9999 })), [
        { path: 'serviceLengthId', message: VOUCHER_MESSAGES.serviceNotOffered },
      ]);
      expectInvalid(await send(purchase({ amountCents: undefined, serviceLengthId: 1, duration: 61 })), [
        { path: 'serviceLengthId', message: VOUCHER_MESSAGES.serviceNotOffered },
      ]);
      expectInvalid(await send(purchase({ serviceLengthId: 1 })), [
        { path: 'amountCents', message: VOUCHER_MESSAGES.chooseValue },
      ]);
      expectInvalid(await send(purchase({ sendOn: addDaysToDate(nzToday(), -1) })), [
        { path: 'sendOn', message: VOUCHER_MESSAGES.sendOnPast },
      ]);
      expectInvalid(await send(purchase({ recipient: { name: '', email: 'x' } })), [
        { path: 'recipient.name', message: VOUCHER_MESSAGES.nameRequired },
        { path: 'recipient.email', message: VOUCHER_MESSAGES.emailInvalid },
      ]);
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
  });

  it("a massage's voucher is worth its price, whatever the browser says it costs", async () => {
    const res = await t.post(
      '/api/vouchers',
      purchase({ amountCents: undefined, serviceLengthId: 1, duration: 90, price: 1, priceCents: 1 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const asked = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form as {
      line_items: { price_data: { unit_amount: string } }[];
    };
    expect(asked.line_items[0]!.price_data.unit_amount).toBe('12000');
    const [row] = await t.sql<{ value_cents: number; service_name: string; duration_minutes: number; status: string }>(
      'SELECT value_cents, service_name, duration_minutes, status FROM vouchers ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({
      value_cents: 12000,
      service_name: 'Swedish Massage',
      duration_minutes: 90,
      status: 'unpaid',
    });
  });

  let code = '';
  let expiresOn = '';

  it('a friend buys a $120 voucher for 20 December: Checkout asks $120, the webhook issues it once', async () => {
    const res = await t.post('/api/vouchers', purchase());
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ url: string }>();
    const [sessionId, session] = [...stripe.sessions.entries()].at(-1)!;
    expect(url).toBe(session.url);
    const asked = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form as {
      line_items: { price_data: { unit_amount: string; currency: string } }[];
      metadata: Record<string, string>;
    };
    expect(asked.line_items[0]!.price_data).toMatchObject({ unit_amount: '12000', currency: 'nzd' });
    expect(asked.metadata.kind).toBe('voucher');
    // Before the payment nothing is issued: no code, no e-mail.
    expect(await vouchersCount()).toBe(0);
    expect(await mailsOf('gift_voucher')).toHaveLength(0);

    const { sessionCompleted, paymentIntentSucceeded } = stripe.pay(sessionId);
    for (const event of [sessionCompleted, paymentIntentSucceeded, sessionCompleted]) {
      const delivered = await deliver(event);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    expect(await vouchersCount()).toBe(1);
    const [row] = await t.sql<{ value_cents: number; sold_on: string; expires_on: string; code_hash: string }>(
      "SELECT value_cents, sold_on::text, expires_on::text, code_hash FROM vouchers WHERE status = 'issued'",
    );
    expect(row!.value_cents).toBe(12000);
    expect(row!.sold_on).toBe(nzToday());
    // Three years to the day (the law's minimum, her default).
    expect(row!.expires_on).toBe(threeYearsOn(row!.sold_on));
    expiresOn = row!.expires_on;

    const [gift] = await mailsOf('gift_voucher');
    const bought = await mailsOf('gift_voucher_bought');
    expect(gift!.to_address).toBe('aroha@example.nz');
    expect(bought.map((m) => m.to_address)).toEqual(['mere@example.nz']);
    // Queued for 8 AM NZ time on the day chosen.
    expect(new Date(gift!.next_attempt_at).toISOString()).toBe(
      nzInstant(nextTwentiethOfDecember(), '08:00').toISOString(),
    );
    code = codeIn(gift!.text_body)!;
    expect(code).toMatch(/^GIFT-/);
    // Only the hash is kept.
    expect(JSON.stringify(await allVouchers())).not.toContain(code.replace(/-/g, ''));
  });

  it("the recipient's inbox holds the PDF on that day, not before", async () => {
    await t.sql("DELETE FROM email_outbox WHERE kind NOT IN ('gift_voucher')");
    const sendAt = nzInstant(nextTwentiethOfDecember(), '08:00');
    const early = createMailWorker({
      database: t.database,
      config: t.config,
      log: silent,
      now: () => new Date(sendAt.getTime() - 60_000),
    });
    expect(await early.runOnce()).toMatchObject({ sent: 0 });
    await early.stop();
    expect(smtp.received).toHaveLength(0);

    const onTheDay = createMailWorker({ database: t.database, config: t.config, log: silent, now: () => sendAt });
    expect(await onTheDay.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    await onTheDay.stop();
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(Buffer.from(smtp.received[0]!.raw, 'latin1'));
    expect(mail.subject).toBe('Mere Friend sent you a gift voucher for Whāingaroa Mobile Massage');
    expect(mail.text).toContain(code);
    const [pdf] = mail.attachments;
    expect(pdf!.filename).toBe('gift-voucher.pdf');
    expect(pdf!.contentType).toBe('application/pdf');
    const words = await pdfWords(pdf!.content);
    for (const expected of ['Gift voucher', 'For Aroha Birthday', 'From Mere Friend', '$120.00', code]) {
      expect(words).toContain(expected);
    }
    // The expiry, shown prominently as the Fair Trading Act asks: the whole last day, NZ time.
    expect(words).toContain(`Valid until 11:59 PM (NZ time) on ${longDate(expiresOn)}`);
    expect(words).toContain('Happy birthday, e hoa!');
    expect((await pdfInfo(pdf!.content)).Tagged).toBe('yes');
  });

  it('the lookup answers the balance and expiry, nothing about who, whatever the code looks like', async () => {
    const res = await lookup(code.toLowerCase().replace(/-/g, ' '), '198.51.100.1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['balanceCents', 'expiresOn', 'status']);
    expect(body).toEqual({ balanceCents: 12000, expiresOn, status: 'active' });
    expect(res.body).not.toMatch(/Mere|Aroha|example\.nz|birthday/i);
  });

  it('is rate limited per address, and a wrong code is a bare 404', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < VOUCHER_LOOKUPS_PER_WINDOW; i++) {
      const wrong = await lookup(`GIFT-0000-0000-0000-${String(i).padStart(4, '0')}`, ip);
      expectRejected(wrong, 404, { code: 'VOUCHER_NOT_FOUND', message: VOUCHER_MESSAGES.notFound });
    }
    // Even the right code is refused past the limit: a script cannot tell.
    expectRejected(await lookup(code, ip), 429, { code: 'RATE_LIMITED', message: VOUCHER_MESSAGES.tooManyLookups });
    expectRejected(await lookup('not a code', '198.51.100.3'), 404, VOUCHER_MESSAGES.notFound);
  });

  it("the recipient's booking uses $80 of it when she confirms the visit, leaving $40", async () => {
    const booked = await t.post('/api/bookings', bookingRequest({ email: 'aroha@example.nz', firstName: 'Aroha' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json<Booking & { cancelToken?: string }>();
    const [{ cancel_token: token }] = (await t.sql<{ cancel_token: string }>(
      'SELECT cancel_token FROM bookings WHERE id = $1',
      [booking.id],
    )) as [{ cancel_token: string }];

    const given = await t.post(`/api/bookings/token/${token}/voucher`, { code });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toEqual({
      voucher: {
        codeHint: code.slice(-4),
        state: 'waiting',
        amountCents: 8000,
        balanceAfterCents: 4000,
        expiresOn: expect.any(String),
      },
    });
    // Not spent while the request waits.
    expect((await lookup(code, '198.51.100.4')).json()).toMatchObject({ balanceCents: 12000 });
    expectRejected(await t.post(`/api/bookings/token/${token}/voucher`, { code }), 409, {
      code: 'VOUCHER_NOT_USABLE',
      message: VOUCHER_MESSAGES.bookingHasVoucher,
    });

    const ok = await t.admin.patch(`/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
    expect(ok.statusCode, ok.body).toBe(200);
    const payments = await t.admin.getJson<{ payments: { amountCents: number; method: string }[] }>(
      `/api/admin/bookings/${booking.id}/payments`,
    );
    expect(payments.payments.map((p) => [p.amountCents, p.method])).toEqual([[8000, 'voucher']]);
    expect((await lookup(code, '198.51.100.4')).json()).toMatchObject({ balanceCents: 4000, status: 'active' });
    expect(await t.getJson<unknown>(`/api/bookings/token/${token}/voucher`)).toMatchObject({
      voucher: { state: 'used', amountCents: 8000, balanceAfterCents: 4000 },
    });
    const list = await t.admin.getJson<AdminVouchers>('/api/admin/vouchers');
    expect(list.vouchers[0]).toMatchObject({
      valueCents: 12000,
      usedCents: 8000,
      balanceCents: 4000,
      status: 'active',
    });
  });

  it('a voucher given for a visit confirmed already pays at once; a spent or wrong one is refused', async () => {
    const booked = await t.post('/api/bookings', bookingRequest({ email: 'tane@example.nz', time: '13:00' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<Booking>().id;
    expect((await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const [{ cancel_token: token }] = (await t.sql<{ cancel_token: string }>(
      'SELECT cancel_token FROM bookings WHERE id = $1',
      [id],
    )) as [{ cancel_token: string }];
    expectRejected(await t.post(`/api/bookings/token/${token}/voucher`, { code: 'GIFT-0000-0000-0000-0000' }), 404, {
      code: 'VOUCHER_NOT_FOUND',
      message: VOUCHER_MESSAGES.notFound,
    });
    const given = await t.post(`/api/bookings/token/${token}/voucher`, { code });
    expect(given.statusCode, given.body).toBe(201);
    // $40 left pays $40 of the $80: the rest is owed as usual.
    expect(given.json()).toMatchObject({ voucher: { state: 'used', amountCents: 4000, balanceAfterCents: 0 } });
    expect((await lookup(code, '198.51.100.5')).json()).toMatchObject({ balanceCents: 0, status: 'spent' });
  });

  it('takes her off-line sale, answers its code once, and e-mails it on the day asked', async () => {
    const soldOn = addDaysToDate(nzToday(), -10);
    const res = await t.admin.post('/api/admin/vouchers', {
      valueCents: 6500,
      saleMethod: 'cash',
      soldOn,
      buyer: { name: 'Hemi Market' },
      recipient: { name: 'Kiri Paper', email: 'kiri@example.nz' },
      sendOn: nzToday(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminVoucherCreated>();
    expect(created).toMatchObject({
      valueCents: 6500,
      channel: 'offline',
      saleMethod: 'cash',
      soldOn,
      status: 'active',
    });
    // Three years from the day she sold it, not from today.
    expect(created.expiresOn).toBe(threeYearsOn(soldOn));
    expect((await lookup(created.code, '198.51.100.6')).json()).toMatchObject({ balanceCents: 6500 });
    const mails = await mailsOf('gift_voucher');
    expect(mails.at(-1)).toMatchObject({ to_address: 'kiri@example.nz' });
    expect(codeIn(mails.at(-1)!.text_body)).toBe(created.code);
    // The list never shows a whole code.
    const list = await t.admin.get('/api/admin/vouchers');
    expect(list.body).not.toContain(created.code);

    expectInvalid(
      await t.admin.post('/api/admin/vouchers', {
        valueCents: 5000,
        saleMethod: 'cash',
        buyer: { name: 'A' },
        recipient: { name: 'B' },
        sendOn: nzToday(),
      }),
      [{ path: 'recipient.email', message: VOUCHER_MESSAGES.sendNeedsEmail }],
    );
  });

  it('never lasts less than three years: her setting and the database both refuse', async () => {
    expectInvalid(
      await t.admin.put('/api/admin/vouchers/settings', {
        presetAmountsCents: [5000],
        offerServices: true,
        expiryMonths: 12,
      }),
      [{ path: 'expiryMonths', message: VOUCHER_MESSAGES.expiryTooShort }],
    );
    await expect(
      t.sql(`INSERT INTO vouchers (status, code_hash, code_hint, value_cents, buyer_name, recipient_name, channel,
               sale_method, sold_on, expires_on, issued_at)
             VALUES ('issued', 'x', 'XXXX', 100, 'a', 'b', 'offline', 'cash', '2026-01-01', '2028-12-31', now())`),
    ).rejects.toThrow(/vouchers_three_years/);
    const saved = await t.admin.put('/api/admin/vouchers/settings', {
      presetAmountsCents: [12000, 5000, 12000],
      offerServices: false,
      expiryMonths: 60,
    });
    expect(saved.json()).toEqual({ presetAmountsCents: [5000, 12000], offerServices: false, expiryMonths: 60 });
    expect((await t.getJson<VoucherOptions>('/api/vouchers/options')).services).toEqual([]);
    await t.admin.put('/api/admin/vouchers/settings', {
      presetAmountsCents: [5000, 8000, 12000, 15000],
      offerServices: true,
      expiryMonths: 36,
    });
  });

  it('keeps vouchers sold apart from takings on the Money tab and in the CSV; GST counts when one pays a visit', async () => {
    const today = nzToday();
    const range = { from: addDaysToDate(today, -30), to: today };
    const q = new URLSearchParams(range).toString();
    const summary = await t.admin.getJson<MoneySummary>(`/api/admin/money?${q}&gstPeriod=2`);
    // Takings: the two voucher payments ($80 + $40); the $120 and $65 vouchers sold are apart.
    expect(summary.receivedCents).toBe(12000);
    // GST on what the vouchers paid for (3/23 of $120: $15.65), none on the $185 of vouchers sold.
    expect(summary.gstRegistered).toBe(true);
    expect(summary.gstCents).toBe(1565);
    expect(summary.gstPeriods.reduce((sum, p) => sum + p.takingsCents, 0)).toBe(12000);
    expect(summary.gstPeriods.reduce((sum, p) => sum + p.gstCents, 0)).toBe(1565);
    expect(summary.vouchers).toEqual({
      soldCount: 2,
      soldCents: 18500,
      redeemedCents: 12000,
      outstandingCents: 6500,
      expiredUnspentCents: 0,
    });
    const csv = await t.admin.get(`/api/admin/money/export.csv?${q}`);
    const [header, ...records] = parse(csv.body, { bom: true }) as string[][];
    expect(header).toEqual([...MONEY_EXPORT_COLUMNS]);
    const col = (name: (typeof MONEY_EXPORT_COLUMNS)[number]) => MONEY_EXPORT_COLUMNS.indexOf(name);
    const takings = records.filter((r) => r[col('Entry')] === CSV_ENTRY.takings);
    const sold = records.filter((r) => r[col('Entry')] === CSV_ENTRY.voucherSold);
    expect(takings.map((r) => [r[col('Method')], r[col('Amount (NZD)')], r[col('GST (NZD)')]])).toEqual([
      ['Voucher', '80.00', '10.43'],
      ['Voucher', '40.00', '5.22'],
    ]);
    expect(sold.map((r) => [r[col('Amount (NZD)')], r[col('GST (NZD)')], r[col('Booking ID')]]).sort()).toEqual([
      ['120.00', '', ''],
      ['65.00', '', ''],
    ]);
  });

  it('limits the purchases begun from one address', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/vouchers', payload: purchase({ amountCents: 1 }), remoteAddress: ip });
    for (let i = 0; i < VOUCHER_PURCHASES_PER_HOUR; i++) expect((await from('198.51.100.20')).statusCode).toBe(400);
    expectRejected(await from('198.51.100.20'), 429, {
      code: 'RATE_LIMITED',
      message: VOUCHER_MESSAGES.tooManyPurchases,
    });
    expect((await from('198.51.100.21')).statusCode).toBe(400);
  });

  it('two visits confirmed at once never take more than is left on the voucher', async () => {
    const sale = await t.admin.post('/api/admin/vouchers', {
      valueCents: 12000,
      saleMethod: 'bank-transfer',
      buyer: { name: 'Race Buyer' },
      recipient: { name: 'Race Recipient' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const shared = sale.json<AdminVoucherCreated>().code;
    const ids: number[] = [];
    for (const [i, time] of ['09:00', '15:00'].entries()) {
      const booked = await t.post(
        '/api/bookings',
        bookingRequest({ email: `race${i}@example.nz`, time, date: openDay(3 + i) }),
      );
      expect(booked.statusCode, booked.body).toBe(201);
      const { id, cancelToken } = booked.json<Booking & { cancelToken: string }>();
      const given = await t.post(`/api/bookings/token/${cancelToken}/voucher`, { code: shared }, { headers: {} });
      expect(given.statusCode, given.body).toBe(201);
      ids.push(id);
    }
    // Two days: each confirmation holds its own day's lock only; the voucher's row lock (and, after it, the sum of
    // what was taken) keeps them within the voucher.
    const confirmed = await Promise.all(
      ids.map((id) => t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' })),
    );
    for (const res of confirmed) expect(res.statusCode, res.body).toBe(200);
    const taken = await t.sql<{ amount_cents: number }>(
      "SELECT amount_cents FROM payments WHERE method = 'voucher' AND booking_id = ANY($1::int[]) ORDER BY amount_cents",
      [ids],
    );
    // $80 to whichever was confirmed first, the $40 left to the other: $120 in all, never $160.
    expect(taken.map((p) => p.amount_cents)).toEqual([4000, 8000]);
    expect((await lookup(shared, '198.51.100.8')).json()).toMatchObject({ balanceCents: 0, status: 'spent' });
  });

  it('refuses an expired voucher, and counts what it left unspent apart', async () => {
    // A voucher sold three years and a month ago, expired last month (its row written as the sale would have).
    const soldOn = addDaysToDate(nzToday(), -(3 * 365 + 31));
    const sale = await t.admin.post('/api/admin/vouchers', {
      valueCents: 5000,
      saleMethod: 'cash',
      soldOn,
      buyer: { name: 'Old Buyer' },
      recipient: { name: 'Old Recipient' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const old = sale.json<AdminVoucherCreated>();
    expect(old.status).toBe('expired');
    expect((await lookup(old.code, '198.51.100.9')).json()).toMatchObject({ balanceCents: 5000, status: 'expired' });
    const booked = await t.post(
      '/api/bookings',
      bookingRequest({ email: 'late@example.nz', time: '11:30', date: openDay(4) }),
    );
    const { cancelToken } = booked.json<Booking & { cancelToken: string }>();
    await expectUnchanged(
      () => t.sql('SELECT * FROM voucher_redemptions ORDER BY id'),
      async () =>
        expectRejected(await t.post(`/api/bookings/token/${cancelToken}/voucher`, { code: old.code }), 409, {
          code: 'VOUCHER_NOT_USABLE',
          message: VOUCHER_MESSAGES.expired,
        }),
    );
    const range = new URLSearchParams({ from: addDaysToDate(old.expiresOn, -5), to: nzToday() }).toString();
    const summary = await t.admin.getJson<MoneySummary>(`/api/admin/money?${range}&gstPeriod=2`);
    expect(summary.vouchers.expiredUnspentCents).toBe(5000);
  });
});

describe('the outbox and a message for later', () => {
  it('does not hold a message before its time, as it holds what waits on a server without SMTP', async () => {
    const mail = (subject: string) => ({
      kind: 'admin_message' as const,
      to: 'later@example.nz',
      subject,
      text: subject,
      html: `<p>${subject}</p>`,
      attachments: [],
      bookingId: null,
    });
    const later = await enqueueEmail(t.app.db, mail('later'), { notBefore: new Date(Date.now() + 86_400_000) });
    const now = await enqueueEmail(t.app.db, mail('now'));
    expect(await holdWaiting(t.app.db)).toBeGreaterThanOrEqual(1);
    const rows = await t.sql<{ id: number; held: boolean }>(
      'SELECT id::int, held_at IS NOT NULL AS held FROM email_outbox WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[later, now]],
    );
    expect(rows).toEqual([
      { id: later, held: false },
      { id: now, held: true },
    ]);
  });
});
