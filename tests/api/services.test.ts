import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(() => t.close());

const list = async (): Promise<Service[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/services' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const create = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload: payload as object });
const update = (id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: { cookie }, payload: payload as object });
const remove = (id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/services/${id}`, headers: { cookie } });

const valid = {
  name: 'Pregnancy Massage',
  description: 'Gentle side-lying massage for mums-to-be.',
  durationOptions: [
    { duration: 60, price: 9000 },
    { duration: 90, price: 13000 },
  ],
};

describe('GET /api/services', () => {
  it('is public and lists the demo services with exactly the service fields', async () => {
    const services = await list();
    expect(services.length).toBeGreaterThanOrEqual(4);
    const swedish = services.find((s) => s.id === 1)!;
    expect(swedish).toEqual({
      id: 1,
      name: 'Swedish Massage',
      description: expect.any(String),
      duration: 60,
      price: 8000,
      durationOptions: [
        { duration: 60, price: 8000 },
        { duration: 90, price: 12000 },
      ],
    });
    for (const s of services) {
      expect(Object.keys(s).sort()).toEqual(['description', 'duration', 'durationOptions', 'id', 'name', 'price']);
      // The top-level numbers mirror the first option.
      expect(s.duration).toBe(s.durationOptions[0]!.duration);
      expect(s.price).toBe(s.durationOptions[0]!.price);
    }
  });
});

describe('POST /api/services', () => {
  it('creates a service (201) and answers it', async () => {
    const res = await create(valid);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), ...valid, duration: 60, price: 9000 });
    expect(created.id).toBeGreaterThan(4);
    const found = (await list()).find((s) => s.id === created.id);
    expect(found).toEqual(created);
  });

  it('derives the top-level duration and price from the first option, whatever the client sends', async () => {
    const res = await create({
      ...valid,
      name: 'Sports Massage',
      duration: 120,
      price: 1,
      durationOptions: [
        { duration: 90, price: 14000 },
        { duration: 30, price: 6000 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.duration).toBe(90);
    expect(created.price).toBe(14000);
    expect(created.durationOptions).toEqual([
      { duration: 90, price: 14000 },
      { duration: 30, price: 6000 },
    ]);
    const found = (await list()).find((s) => s.id === created.id)!;
    expect(found.duration).toBe(90);
    expect(found.price).toBe(14000);
  });

  it('accepts duration options sent as JSON text (SPEC §3)', async () => {
    const res = await create({ ...valid, name: 'Text Options', durationOptions: JSON.stringify(valid.durationOptions) });
    expect(res.statusCode).toBe(201);
    expect(res.json().durationOptions).toEqual(valid.durationOptions);
  });

  it('lists a new service after the existing ones', async () => {
    const res = await create({ ...valid, name: 'Listed Last' });
    const services = await list();
    expect(services.at(-1)!.id).toBe(res.json().id);
  });

  it('trims the name and description', async () => {
    const res = await create({ ...valid, name: '  Reflexology  ', description: '  Feet first.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Reflexology', description: 'Feet first.' });
  });

  it('requires a session', async () => {
    const before = await list();
    const res = await t.app.inject({ method: 'POST', url: '/api/services', payload: valid });
    expect(res.statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });
});

describe('service validation', () => {
  const rejects = async (payload: unknown, errors: { path: string; message: string }[]) => {
    const before = await list();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual(errors);
    expect(body.message).toBe(errors[0]!.message);
    // Nothing was written.
    expect(await list()).toEqual(before);
    return body;
  };

  it('requires a name', async () => {
    const { name: _name, ...rest } = valid;
    await rejects(rest, [{ path: 'name', message: 'Name is required' }]);
    await rejects({ ...valid, name: '   ' }, [{ path: 'name', message: 'Name is required' }]);
  });

  it('requires a description', async () => {
    const { description: _description, ...rest } = valid;
    await rejects(rest, [{ path: 'description', message: 'Description is required' }]);
    await rejects({ ...valid, description: '' }, [{ path: 'description', message: 'Description is required' }]);
  });

  it('requires at least one duration option', async () => {
    await rejects({ ...valid, durationOptions: [] }, [
      { path: 'durationOptions', message: 'At least one duration option is required' },
    ]);
    const { durationOptions: _options, ...rest } = valid;
    await rejects(rest, [{ path: 'durationOptions', message: 'At least one duration option is required' }]);
  });

  it('refuses a duration that is not a positive multiple of 30 minutes', async () => {
    await rejects({ ...valid, durationOptions: [{ duration: 45, price: 5000 }] }, [
      { path: 'durationOptions.0.duration', message: 'Duration must be in steps of 30 minutes' },
    ]);
    const zero = await rejects({ ...valid, durationOptions: [{ duration: 60, price: 5000 }, { duration: 0, price: 5000 }] }, [
      { path: 'durationOptions.1.duration', message: 'Duration must be at least 30 minutes' },
    ]);
    expect(zero.message).toBe('Duration must be at least 30 minutes');
  });

  it('refuses a negative or fractional price', async () => {
    await rejects({ ...valid, durationOptions: [{ duration: 60, price: -1 }] }, [
      { path: 'durationOptions.0.price', message: 'Price cannot be negative' },
    ]);
    await rejects({ ...valid, durationOptions: [{ duration: 60, price: 80.5 }] }, [
      { path: 'durationOptions.0.price', message: 'Price must be a whole number of cents' },
    ]);
  });

  it('accepts a price of 0', async () => {
    const res = await create({ ...valid, name: 'Free taster', durationOptions: [{ duration: 30, price: 0 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duration: 30, price: 0 });
  });

  it('refuses the same duration twice', async () => {
    await rejects(
      {
        ...valid,
        durationOptions: [
          { duration: 60, price: 8000 },
          { duration: 60, price: 9000 },
        ],
      },
      [{ path: 'durationOptions', message: 'Each duration may appear only once' }],
    );
  });

  it('lists every problem at once', async () => {
    await rejects({ name: '', description: '', durationOptions: [] }, [
      { path: 'name', message: 'Name is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'durationOptions', message: 'At least one duration option is required' },
    ]);
  });
});

describe('PUT /api/services/:id', () => {
  it('updates a service, with or without the matching id in the body', async () => {
    const created = (await create({ ...valid, name: 'To be renamed' })).json();
    const res = await update(created.id, {
      id: created.id,
      name: 'Renamed',
      description: 'New words.',
      duration: 999,
      price: 999,
      durationOptions: [{ duration: 120, price: 20000 }],
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: created.id,
      name: 'Renamed',
      description: 'New words.',
      duration: 120,
      price: 20000,
      durationOptions: [{ duration: 120, price: 20000 }],
    };
    expect(res.json()).toEqual(expected);
    expect((await list()).find((s) => s.id === created.id)).toEqual(expected);

    const again = await update(created.id, { ...valid, name: 'Renamed twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, name: 'Renamed twice', duration: 60, price: 9000 });
  });

  it('answers 404 Service not found for an unknown id', async () => {
    const res = await update(99999, valid);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Service not found' });
  });

  it('answers 400 when the id in the body differs from the URL, and changes nothing', async () => {
    const before = await list();
    const res = await update(2, { ...valid, id: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await list()).toEqual(before);
  });

  it('answers 400 Invalid id for a non-numeric id', async () => {
    const res = await update('abc', valid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid id' });
    const zero = await update('0', valid);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ message: 'Invalid id' });
  });

  it('validates the body like POST and changes nothing', async () => {
    const before = await list();
    const res = await update(1, { ...valid, id: 1, durationOptions: [{ duration: 45, price: 100 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'durationOptions.0.duration', message: 'Duration must be in steps of 30 minutes' },
    ]);
    expect(await list()).toEqual(before);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/services/1', payload: valid });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/services/:id', () => {
  it('answers 200 JSON, the service is gone, and a second delete is 404', async () => {
    const created = (await create({ ...valid, name: 'Short-lived' })).json();
    const res = await remove(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: expect.any(String), id: created.id });
    expect((await list()).some((s) => s.id === created.id)).toBe(false);

    const second = await remove(created.id);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ message: 'Service not found' });
  });

  it('answers 400 Invalid id for a non-numeric id', async () => {
    const res = await remove('abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid id' });
  });

  it('requires a session and then leaves the service in place', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/services/4' });
    expect(res.statusCode).toBe(401);
    expect((await list()).some((s) => s.id === 4)).toBe(true);
  });
});
