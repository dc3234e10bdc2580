import { asc, eq } from 'drizzle-orm';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';
import { dayOfWeek } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { businessHours } from '../../db/schema';

const toHours = (r: typeof businessHours.$inferSelect): BusinessHours => ({
  id: r.id,
  dayOfWeek: r.dayOfWeek,
  isOpen: r.isOpen,
  openTime: r.openTime,
  closeTime: r.closeTime,
});

export function createHoursRepository(db: DbOrTx) {
  return {
    /** The hours of an NZ date's weekday, as stored (a day's route starts and ends in them). */
    async ofDate(date: string): Promise<typeof businessHours.$inferSelect | undefined> {
      const [row] = await db
        .select()
        .from(businessHours)
        .where(eq(businessHours.dayOfWeek, dayOfWeek(date)));
      return row;
    },
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
