import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../src/shared/api-error';
import type { Review } from '../../src/shared/schemas/review';
import { REVIEWS_PER_IP_PER_HOUR } from '../../src/server/modules/reviews/routes';
import { useTestApp } from '../helpers/app';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const DEMO_FEATURED = ['Sarah M.', 'James T.', 'Mere K.', 'Tom W.']; // newest first
const DEMO_ALL = ['Sarah M.', 'Spam Bot', 'James T.', 'Priya S.', 'Mere K.', 'Tom W.'];
const DEMO_NAMES = new Set(DEMO_ALL);

const featured = () => t.getJson<Review[]>('/api/reviews?featured=true');
const publicList = () => t.getJson<Review[]>('/api/reviews');
const adminList = () => t.admin.getJson<Review[]>('/api/reviews');
const demoNames = (reviews: Review[]) => reviews.map((r) => r.name).filter((n) => DEMO_NAMES.has(n));
const expectNewestFirst = (reviews: Review[]) => {
  const times = reviews.map((r) => Date.parse(r.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
};

/** Every public submission comes from its own address unless told, so the per-IP limit stays out of the way. */
let nextAddress = 1;
const submit = (payload: unknown, remoteAddress = `10.20.0.${nextAddress++}`) =>
  t.post('/api/reviews', payload, { remoteAddress });
const adminCreate = (payload: unknown) => t.admin.post('/api/admin/reviews', payload);
const toggle = (id: number | string, flag: 'featured' | 'hidden', headers: Record<string, string> = {}) =>
  t.admin.patch(`/api/reviews/${id}/${flag}`, undefined, { headers });
const countRows = async () => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM reviews'))[0]!.n;
const idOf = async (name: string) => (await adminList()).find((r) => r.name === name)!.id;

describe('GET /api/reviews', () => {
  it('?featured=true is public: featured, not hidden, newest first (the 4 demo ones)', async () => {
    const list = await featured();
    expect(demoNames(list)).toEqual(DEMO_FEATURED);
    for (const r of list) {
      expect(r.featured).toBe(true);
      expect(r.hidden).toBe(false);
      expect(r).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        rating: expect.any(Number),
        comment: expect.any(String),
        featured: true,
        hidden: false,
        createdAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false);
    }
    expectNewestFirst(list);
  });

  it('without a session is what she featured, as ?featured=true: never an unfeatured or hidden one (issue 39)', async () => {
    const list = await publicList();
    expect(demoNames(list)).toEqual(DEMO_FEATURED);
    expect(list.every((r) => r.featured && !r.hidden)).toBe(true);
    expect(list.some((r) => r.name === 'Priya S.' || r.name === 'Spam Bot')).toBe(false);
    expectNewestFirst(list);
  });

  it('with an admin session includes hidden reviews (all 6 demo ones)', async () => {
    const list = await adminList();
    expect(demoNames(list)).toEqual(DEMO_ALL);
    expect(list.find((r) => r.name === 'Spam Bot')!.hidden).toBe(true);
    expectNewestFirst(list);
  });

  it('?featured=false shows a visitor no more, ?featured=true shows her the featured ones; a bad value is refused', async () => {
    expect(demoNames(await t.getJson<Review[]>('/api/reviews?featured=false'))).toEqual(DEMO_FEATURED);
    expect(demoNames(await t.admin.getJson<Review[]>('/api/reviews?featured=true'))).toEqual(DEMO_FEATURED);
    expect(demoNames(await t.admin.getJson<Review[]>('/api/reviews?featured=false'))).toEqual(DEMO_ALL);
    expect((await t.get('/api/reviews?featured=yes')).statusCode).toBe(400);
  });
});

describe('POST /api/reviews (public)', () => {
  it('stores a submission unfeatured (even when featured is sent): in her list, not in any public one', async () => {
    const before = await countRows();
    const res = await submit({ name: 'Kiri P.', rating: 4, comment: 'Lovely visit.', featured: true, hidden: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await countRows()).toBe(before + 1);

    const stored = (await adminList()).find((r) => r.name === 'Kiri P.');
    expect(stored).toMatchObject({ rating: 4, comment: 'Lovely visit.', featured: false, hidden: false });
    // The newest review comes first.
    expect((await adminList())[0]!.name).toBe('Kiri P.');
    expect((await publicList()).some((r) => r.name === 'Kiri P.')).toBe(false);
    expect((await featured()).some((r) => r.name === 'Kiri P.')).toBe(false);
  });

  it('defaults the rating to 5 and trims the text', async () => {
    const res = await submit({ name: '  Wiremu  ', comment: '  Great hands.  ' });
    expect(res.statusCode).toBe(201);
    expect((await adminList()).find((r) => r.name === 'Wiremu')).toMatchObject({ rating: 5, comment: 'Great hands.' });
  });

  it('validates with the spec messages and stores nothing', async () => {
    const before = await countRows();
    const cases: [unknown, FieldError][] = [
      [
        { rating: 5, comment: 'Nice' },
        { path: 'name', message: 'Name is required' },
      ],
      [
        { name: '  ', rating: 5, comment: 'Nice' },
        { path: 'name', message: 'Name is required' },
      ],
      [
        { name: 'Ana', rating: 5 },
        { path: 'comment', message: 'Comment is required' },
      ],
      [
        { name: 'Ana', rating: 5, comment: '' },
        { path: 'comment', message: 'Comment is required' },
      ],
      [
        { name: 'Ana', rating: 0, comment: 'Nice' },
        { path: 'rating', message: 'Rating must be between 1 and 5' },
      ],
      [
        { name: 'Ana', rating: 6, comment: 'Nice' },
        { path: 'rating', message: 'Rating must be between 1 and 5' },
      ],
      [
        { name: 'Ana', rating: 4.5, comment: 'Nice' },
        { path: 'rating', message: 'Rating must be a whole number' },
      ],
      [
        { name: 'Ana', rating: '5', comment: 'Nice' },
        { path: 'rating', message: 'Rating must be a number' },
      ],
    ];
    for (const [payload, error] of cases) {
      expectInvalid(await submit(payload), [error]);
    }
    const both = await submit({ name: '', comment: '' });
    expect(both.json().errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'comment', message: 'Comment is required' },
    ]);
    expect(await countRows()).toBe(before);
  });

  it('answers 201 to a filled honeypot but stores nothing', async () => {
    const before = await countRows();
    const res = await submit({ name: 'Bot', rating: 5, comment: 'Buy now', website: 'http://spam' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await countRows()).toBe(before);
    expect((await adminList()).some((r) => r.name === 'Bot')).toBe(false);
  });

  it('stores a review whose honeypot is present but empty', async () => {
    const before = await countRows();
    const res = await submit({ name: 'Human', rating: 5, comment: 'Real person', website: '' });
    expect(res.statusCode).toBe(201);
    expect(await countRows()).toBe(before + 1);
  });

  it(`limits one address to ${REVIEWS_PER_IP_PER_HOUR} submissions an hour, and lets other addresses through`, async () => {
    expect(REVIEWS_PER_IP_PER_HOUR).toBe(5);
    const ip = '198.51.100.77';
    const before = await countRows();
    for (let i = 0; i < REVIEWS_PER_IP_PER_HOUR; i++) {
      const res = await submit({ name: `Flood ${i}`, rating: 5, comment: 'Again' }, ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await submit({ name: 'Flood 6', rating: 5, comment: 'Again' }, ip);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(blocked.json().message).toEqual(expect.any(String));
    expect(await countRows()).toBe(before + REVIEWS_PER_IP_PER_HOUR);

    const elsewhere = await submit({ name: 'Neighbour', rating: 5, comment: 'Different address' }, '198.51.100.78');
    expect(elsewhere.statusCode).toBe(201);
    expect(await countRows()).toBe(before + REVIEWS_PER_IP_PER_HOUR + 1);
  });
});

describe('POST /api/admin/reviews', () => {
  it('creates a featured review (201) that shows first in the featured list', async () => {
    const res = await adminCreate({ name: 'Hemi R.', rating: 5, comment: 'Added by the therapist.', featured: true });
    expect(res.statusCode).toBe(201);
    const created: Review = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Hemi R.',
      rating: 5,
      comment: 'Added by the therapist.',
      featured: true,
      hidden: false,
      createdAt: expect.any(String),
    });
    const list = await featured();
    expect(list[0]!.id).toBe(created.id);
  });

  it('defaults featured to off and the rating to 5', async () => {
    const res = await adminCreate({ name: 'Lea B.', comment: 'Plain.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ featured: false, hidden: false, rating: 5 });
    expect((await featured()).some((r) => r.id === res.json().id)).toBe(false);
  });

  it('validates like the public form', async () => {
    const res = await expectUnchanged(countRows, () =>
      adminCreate({ name: '', rating: 6, comment: '', featured: true }),
    );
    expect(expectRejected(res, 400).errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'rating', message: 'Rating must be between 1 and 5' },
      { path: 'comment', message: 'Comment is required' },
    ]);
  });

  it('requires a session', async () => {
    const intruder = { name: 'Intruder', rating: 5, comment: 'x', featured: true };
    const res = await expectUnchanged(countRows, () => t.post('/api/admin/reviews', intruder));
    expectRejected(res, 401);
  });
});

describe('PATCH /api/reviews/:id/featured and /hidden', () => {
  it('featured toggles with no body, answers the review, and a second call restores it', async () => {
    const id = await idOf('Priya S.');
    const on = await toggle(id, 'featured');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id, name: 'Priya S.', featured: true, hidden: false });
    expect((await featured()).some((r) => r.id === id)).toBe(true);

    // The client sends a JSON content type with an empty body: accepted too.
    const off = await toggle(id, 'featured', { 'content-type': 'application/json' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, featured: false, hidden: false });
    expect((await featured()).some((r) => r.id === id)).toBe(false);
  });

  it('hidden toggles with no body, answers the review, and a second call restores it', async () => {
    const id = await idOf('Sarah M.');
    const hide = await toggle(id, 'hidden');
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id, name: 'Sarah M.', hidden: true, featured: true });
    expect((await publicList()).some((r) => r.id === id)).toBe(false);
    // Hidden wins over featured on the home page.
    expect((await featured()).some((r) => r.id === id)).toBe(false);
    expect((await adminList()).find((r) => r.id === id)!.hidden).toBe(true);

    const show = await toggle(id, 'hidden');
    expect(show.statusCode).toBe(200);
    expect(show.json()).toMatchObject({ id, hidden: false, featured: true });
    expect((await publicList()).some((r) => r.id === id)).toBe(true);
    expect((await featured()).some((r) => r.id === id)).toBe(true);
  });

  it('answers 404 Review not found for an unknown id and 400 for a bad one', async () => {
    for (const flag of ['featured', 'hidden'] as const) {
      expectRejected(await toggle(99999, flag), 404, { message: 'Review not found' });
      expectRejected(await toggle('abc', flag), 400, { message: 'Invalid id' });
    }
  });

  it('requires a session', async () => {
    const id = await idOf('Tom W.');
    for (const flag of ['featured', 'hidden'] as const) {
      expectRejected(await t.patch(`/api/reviews/${id}/${flag}`), 401);
    }
    expect((await adminList()).find((r) => r.id === id)).toMatchObject({ featured: true, hidden: false });
  });
});

// docs/product.md §2 "Start fresh": a review she does not want goes for good (the demo's, a spam one), not only hidden.
describe('DELETE /api/reviews/:id', () => {
  it('deletes a demo review: 204 with no body, gone from her list and the public pages', async () => {
    const spam = (await adminList()).find((r) => r.name === 'Spam Bot')!;
    const sarah = (await adminList()).find((r) => r.name === 'Sarah M.')!;
    const rows = await countRows();

    expect((await t.admin.del(`/api/reviews/${spam.id}`)).statusCode).toBe(204);
    const res = await t.admin.del(`/api/reviews/${sarah.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await countRows()).toBe(rows - 2);
    expect((await adminList()).map((r) => r.id)).not.toContain(spam.id);
    expect(demoNames(await featured())).toEqual(DEMO_FEATURED.filter((n) => n !== 'Sarah M.'));
    expect((await publicList()).map((r) => r.id)).not.toContain(sarah.id);
  });

  it('answers 404 for an unknown or deleted id and 400 for a bad one, changing nothing', async () => {
    const created = (
      await adminCreate({ name: 'Once', rating: 5, comment: 'Gone soon', featured: false })
    ).json<Review>();
    expect((await t.admin.del(`/api/reviews/${created.id}`)).statusCode).toBe(204);
    await expectUnchanged(adminList, async () => {
      expectRejected(await t.admin.del(`/api/reviews/${created.id}`), 404, 'Review not found');
      expectRejected(await t.admin.del('/api/reviews/999999'), 404, 'Review not found');
      expectRejected(await t.admin.del('/api/reviews/abc'), 400, 'Invalid id');
    });
  });

  it('requires her session', async () => {
    const [first] = await adminList();
    await expectUnchanged(adminList, async () => expectRejected(await t.del(`/api/reviews/${first!.id}`), 401));
  });
});
