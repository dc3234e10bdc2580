import { and, desc, eq, not } from 'drizzle-orm';
import type { Review } from '@shared/schemas/review';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';

const toReview = (r: typeof reviews.$inferSelect): Review => ({
  id: r.id,
  name: r.name,
  rating: r.rating,
  comment: r.comment,
  featured: r.featured,
  hidden: r.hidden,
  createdAt: r.createdAt.toISOString(),
});

export function createReviewsRepository(db: Db) {
  return {
    /** Newest first. */
    async list(filter: { featuredOnly?: boolean; includeHidden?: boolean }): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .where(
          and(
            filter.featuredOnly ? eq(reviews.featured, true) : undefined,
            filter.includeHidden ? undefined : eq(reviews.hidden, false),
          ),
        )
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },
    async create(input: { name: string; rating: number; comment: string; featured?: boolean }): Promise<Review> {
      const [row] = await db.insert(reviews).values(input).returning();
      return toReview(row!);
    },
    /** Removes one review (docs/product.md §2 "Start fresh": demo reviews can go); false when there was none. */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
      return rows.length > 0;
    },
    /** Flips a flag in one statement, so two quick clicks cannot lose an update. */
    async toggle(id: number, flag: 'featured' | 'hidden'): Promise<Review | null> {
      const column = reviews[flag];
      const [row] = await db
        .update(reviews)
        .set({ [flag]: not(column) })
        .where(eq(reviews.id, id))
        .returning();
      return row ? toReview(row) : null;
    },
  };
}
