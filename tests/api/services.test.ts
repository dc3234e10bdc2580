import { describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { useTestApp } from '../helpers/app';
import { expectRejected, expectUnchanged, rejectionChecks } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const list = () => t.getJson<Service[]>('/api/services');
const create = (payload: unknown) => t.admin.post('/api/services', payload);
const update = (id: number | string, payload: unknown) => t.admin.put(`/api/services/${id}`, payload);
const remove = (id: number | string) => t.admin.del(`/api/services/${id}`);

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
      depositCents: null,
      depositPercent: null,
    });
    for (const s of services) {
      expect(Object.keys(s).sort()).toEqual([
        'depositCents',
        'depositPercent',
        'description',
        'duration',
        'durationOptions',
        'id',
        'name',
        'price',
      ]);
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
    expect(created).toEqual({
      id: expect.any(Number),
      ...valid,
      duration: 60,
      price: 9000,
      depositCents: null,
      depositPercent: null,
    });
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

  it('accepts duration options sent as JSON text (docs/product.md §3)', async () => {
    const res = await create({
      ...valid,
      name: 'Text Options',
      durationOptions: JSON.stringify(valid.durationOptions),
    });
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
    expectRejected(await expectUnchanged(list, () => t.post('/api/services', valid)), 401);
  });
});

describe('service validation', () => {
  const { rejectsWith } = rejectionChecks(create, list);

  it('requires a name', async () => {
    const { name: _name, ...rest } = valid;
    await rejectsWith(rest, [{ path: 'name', message: 'Name is required' }]);
    await rejectsWith({ ...valid, name: '   ' }, [{ path: 'name', message: 'Name is required' }]);
  });

  it('requires a description', async () => {
    const { description: _description, ...rest } = valid;
    await rejectsWith(rest, [{ path: 'description', message: 'Description is required' }]);
    await rejectsWith({ ...valid, description: '' }, [{ path: 'description', message: 'Description is required' }]);
  });

  it('requires at least one duration option', async () => {
    await rejectsWith({ ...valid, durationOptions: [] }, [
      { path: 'durationOptions', message: 'At least one duration option is required' },
    ]);
    const { durationOptions: _options, ...rest } = valid;
    await rejectsWith(rest, [{ path: 'durationOptions', message: 'At least one duration option is required' }]);
  });

  it('refuses a duration that is not a positive multiple of 30 minutes', async () => {
    await rejectsWith({ ...valid, durationOptions: [{ duration: 45, price: 5000 }] }, [
      { path: 'durationOptions.0.duration', message: 'Duration must be in steps of 30 minutes' },
    ]);
    const zero = await rejectsWith(
      {
        ...valid,
        durationOptions: [
          { duration: 60, price: 5000 },
          { duration: 0, price: 5000 },
        ],
      },
      [{ path: 'durationOptions.1.duration', message: 'Duration must be at least 30 minutes' }],
    );
    expect(zero.message).toBe('Duration must be at least 30 minutes');
  });

  it('refuses a negative or fractional price', async () => {
    await rejectsWith({ ...valid, durationOptions: [{ duration: 60, price: -1 }] }, [
      { path: 'durationOptions.0.price', message: 'Price cannot be negative' },
    ]);
    await rejectsWith({ ...valid, durationOptions: [{ duration: 60, price: 80.5 }] }, [
      { path: 'durationOptions.0.price', message: 'Price must be a whole number of cents' },
    ]);
  });

  it('accepts a price of 0', async () => {
    const res = await create({ ...valid, name: 'Free taster', durationOptions: [{ duration: 30, price: 0 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duration: 30, price: 0 });
  });

  it('refuses the same duration twice', async () => {
    await rejectsWith(
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
    await rejectsWith({ name: '', description: '', durationOptions: [] }, [
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
      depositCents: null,
      depositPercent: null,
    };
    expect(res.json()).toEqual(expected);
    expect((await list()).find((s) => s.id === created.id)).toEqual(expected);

    const again = await update(created.id, { ...valid, name: 'Renamed twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, name: 'Renamed twice', duration: 60, price: 9000 });
  });

  it('answers 404 Service not found for an unknown id', async () => {
    expectRejected(await update(99999, valid), 404, { message: 'Service not found' });
  });

  it('answers 400 when the id in the body differs from the URL, and changes nothing', async () => {
    const res = await expectUnchanged(list, () => update(2, { ...valid, id: 3 }));
    expect(expectRejected(res, 400).message).toEqual(expect.any(String));
  });

  it('answers 400 Invalid id for a non-numeric id', async () => {
    expectRejected(await update('abc', valid), 400, { message: 'Invalid id' });
    expectRejected(await update('0', valid), 400, { message: 'Invalid id' });
  });

  it('validates the body like POST and changes nothing', async () => {
    const res = await expectUnchanged(list, () =>
      update(1, { ...valid, id: 1, durationOptions: [{ duration: 45, price: 100 }] }),
    );
    expect(expectRejected(res, 400).errors).toEqual([
      { path: 'durationOptions.0.duration', message: 'Duration must be in steps of 30 minutes' },
    ]);
  });

  it('requires a session', async () => {
    expectRejected(await t.put('/api/services/1', valid), 401);
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

    expectRejected(await remove(created.id), 404, { message: 'Service not found' });
  });

  it('answers 400 Invalid id for a non-numeric id', async () => {
    expectRejected(await remove('abc'), 400, { message: 'Invalid id' });
  });

  it('requires a session and then leaves the service in place', async () => {
    expectRejected(await t.del('/api/services/4'), 401);
    expect((await list()).some((s) => s.id === 4)).toBe(true);
  });
});
