import { asc } from 'drizzle-orm';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';
import type { Db } from '../../db/client';
import { businessHours } from '../../db/schema';

const toHours = (r: typeof businessHours.$inferSelect): BusinessHours => ({
  id: r.id,
  dayOfWeek: r.dayOfWeek,
  isOpen: r.isOpen,
  openTime: r.openTime,
  closeTime: r.closeTime,
});

export function createHoursRepository(db: Db) {
  return {
    async list(): Promise<BusinessHours[]> {
      const rows = await db.select().from(businessHours).orderBy(asc(businessHours.dayOfWeek));
      return rows.map(toHours);
    },
    /** One row per day: insert or replace by dayOfWeek, atomically. */
    async upsert(input: BusinessHoursInput): Promise<BusinessHours> {
      const [row] = await db
        .insert(businessHours)
        .values(input)
        .onConflictDoUpdate({
          target: businessHours.dayOfWeek,
          set: { isOpen: input.isOpen, openTime: input.openTime, closeTime: input.closeTime },
        })
        .returning();
      return toHours(row!);
    },
  };
}
