import { asc, eq, sql } from 'drizzle-orm';
import type { Service, ServiceInput } from '@shared/schemas/service';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';

type Row = typeof services.$inferSelect;

export const toService = (r: Row): Service => ({
  id: r.id,
  name: r.name,
  description: r.description,
  duration: r.duration,
  price: r.price,
  durationOptions: r.durationOptions,
  depositCents: r.depositCents,
  depositPercent: r.depositPercent,
});

/** The stored top-level duration and price always mirror the first option. */
function columnsFrom(input: ServiceInput) {
  const first = input.durationOptions[0]!;
  return {
    name: input.name,
    description: input.description,
    duration: first.duration,
    price: first.price,
    durationOptions: input.durationOptions.map((o) => ({ duration: o.duration, price: o.price })),
    depositCents: input.depositCents,
    depositPercent: input.depositPercent,
  };
}

export function createServicesRepository(db: Db) {
  return {
    async list(): Promise<Service[]> {
      const rows = await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.id));
      return rows.map(toService);
    },
    async get(id: number): Promise<Service | null> {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      return row ? toService(row) : null;
    },
    async create(input: ServiceInput): Promise<Service> {
      // A new service goes to the end of the list.
      const sortOrder = sql<number>`(SELECT coalesce(max(sort_order), -1) + 1 FROM services)`;
      const [row] = await db
        .insert(services)
        .values({ ...columnsFrom(input), sortOrder })
        .returning();
      return toService(row!);
    },
    async update(id: number, input: ServiceInput): Promise<Service | null> {
      const [row] = await db
        .update(services)
        .set({ ...columnsFrom(input), updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      return row ? toService(row) : null;
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
      return rows.length > 0;
    },
  };
}
