import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = {} as ResolverOptions<Values>;

describe('lazyResolver', () => {
  it('loads the resolver once, on first use or preload, and answers with it', async () => {
    const inner = vi.fn<Resolver<Values, unknown, Values>>((values) => ({ values, errors: {} }));
    const load = vi.fn(() => Promise.resolve(inner));
    const lazy = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();
    lazy.preload();
    expect(await lazy.resolver({ name: 'Ann' }, undefined, options)).toEqual({ values: { name: 'Ann' }, errors: {} });
    await lazy.resolver({ name: 'Bo' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenLastCalledWith({ name: 'Bo' }, undefined, options);
  });

  it('asks again after a failed load', async () => {
    const inner: Resolver<FieldValues, unknown, FieldValues> = (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(inner);
    const lazy = lazyResolver<FieldValues, FieldValues>(load);
    lazy.preload();
    await expect(lazy.resolver({}, undefined, {} as ResolverOptions<FieldValues>)).rejects.toThrow('offline');
    await expect(lazy.resolver({ a: 1 }, undefined, {} as ResolverOptions<FieldValues>)).resolves.toEqual({
      values: { a: 1 },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
