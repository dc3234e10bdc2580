/**
 * The catalogue by id, from the public cache (docs/performance.md): POST /api/bookings looks its service up on
 * every request, and the catalogue changes only when she edits it (dropped with `services`, as
 * GET /api/services is). The entries are shared: read them, never change them.
 */
import type { Service } from '@shared/schemas/service';
import type { PublicCache } from '../../cache/public-cache';
import type { Db } from '../../db/client';
import { createServicesRepository } from './repository';

export const cachedServiceById = (cache: PublicCache, db: Db) => {
  const repo = createServicesRepository(db);
  const byId = () =>
    cache.get('services-by-id', ['services'], async () => new Map((await repo.list()).map((s) => [s.id, s])));
  return async (id: number): Promise<Service | null> => (await byId()).get(id) ?? null;
};
