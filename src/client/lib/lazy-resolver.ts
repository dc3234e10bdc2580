import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded on its first use (decision 040): a public form's zod schema, zod itself (26 kB
 * gzip) and @hookform/resolvers stay out of the page's first load. react-hook-form validates on submit (then on
 * change), always through a promise, so waiting once for the chunk changes no answer. `preload` asks for it early (on
 * the form's first focus), so a submit does not wait; a chunk that failed to load is asked for again next time.
 */
export interface LazyResolver<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  preload: () => void;
}

export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}
