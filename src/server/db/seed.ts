/**
 * What a first start writes. With demo content: the services, hours and reviews of a fictional practice, so the site
 * can be tried at once. Without (a production start, docs/product.md §2 "Start fresh"): weekday hours and one example
 * service she edits, so the booking page works from the first minute. Written only into a new database, never again.
 */
import { sql } from 'drizzle-orm';
import {
  DAY_NAMES,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  DEFAULT_SWEDISH_PRICE_CENTS,
  SWEDISH_MASSAGE_SERVICE_ID,
} from '@shared/constants';
import { DAY_MS } from '@shared/time';
import type { Db, DbOrTx } from './client';
import { appMeta, businessHours, reviews, services } from './schema';

export const DEMO_SERVICES = [
  {
    id: 1,
    name: 'Swedish Massage',
    description:
      'A classic full-body relaxation massage with long, flowing strokes to ease tension, calm the mind and improve circulation.',
    durationOptions: [
      { duration: 60, price: 8000 },
      { duration: 90, price: 12000 },
    ],
  },
  {
    id: 2,
    name: 'Deep Tissue Massage',
    description:
      'Slower, firmer pressure that works into the deeper layers of muscle. Ideal after surfing, training or physical work.',
    durationOptions: [
      { duration: 60, price: 9500 },
      { duration: 90, price: 13500 },
      { duration: 120, price: 17000 },
    ],
  },
  {
    id: 3,
    name: 'Hot Stone Massage',
    description: 'Smooth, heated basalt stones melt away tension while Swedish techniques soothe the whole body.',
    durationOptions: [
      { duration: 60, price: 11000 },
      { duration: 90, price: 15000 },
    ],
  },
  {
    id: 4,
    name: 'Back, Neck & Shoulders',
    description: 'A focused session for the areas that carry the most stress. A good choice for a lunch break at home.',
    durationOptions: [
      { duration: 30, price: 5000 },
      { duration: 60, price: 8000 },
    ],
  },
];

const DEMO_REVIEWS = [
  {
    name: 'Sarah M.',
    rating: 5,
    comment:
      'Aroha arrived right on time and set everything up in my lounge. The best massage I have had in years, and no driving home afterwards!',
    featured: true,
    hidden: false,
    daysAgo: 3,
  },
  {
    name: 'James T.',
    rating: 5,
    comment: 'Deep tissue after a week of surfing at Manu Bay. My shoulders feel brand new. Highly recommend.',
    featured: true,
    hidden: false,
    daysAgo: 12,
  },
  {
    name: 'Mere K.',
    rating: 5,
    comment: 'A gift for my mum’s birthday and she loved it. So professional and warm.',
    featured: true,
    hidden: false,
    daysAgo: 40,
  },
  {
    name: 'Tom W.',
    rating: 4,
    comment: 'Great hot stone massage. Booking online was easy and the reminder e-mail was handy.',
    featured: true,
    hidden: false,
    daysAgo: 75,
  },
  {
    name: 'Priya S.',
    rating: 5,
    comment: 'Lovely relaxing Swedish massage. Will book again next month.',
    featured: false,
    hidden: false,
    daysAgo: 20,
  },
  {
    name: 'Spam Bot',
    rating: 1,
    comment: 'Cheap watches at example dot com',
    featured: false,
    hidden: true,
    daysAgo: 5,
  },
];

const OPEN_MONDAY_TO_SATURDAY = DAY_NAMES.map((_name, day) => ({
  dayOfWeek: day,
  isOpen: day !== 0,
  openTime: DEFAULT_OPEN_TIME,
  closeTime: DEFAULT_CLOSE_TIME,
}));

/** A production start's hours: Monday to Friday, 09:00-17:00 (docs/product.md §9 defaults); weekends closed. */
const OPEN_MONDAY_TO_FRIDAY = DAY_NAMES.map((_name, day) => ({
  dayOfWeek: day,
  isOpen: day >= 1 && day <= 5,
  openTime: DEFAULT_OPEN_TIME,
  closeTime: DEFAULT_CLOSE_TIME,
}));

/** The one service of a production start and of 'Start fresh': the specification's Swedish Massage, to edit. */
export const EXAMPLE_SERVICE = {
  name: 'Swedish Massage',
  description:
    'A full-body relaxation massage with long, flowing strokes. An example to edit: change the name, the ' +
    'description, the lengths and prices under Services.',
  durationOptions: [
    { duration: 60, price: DEFAULT_SWEDISH_PRICE_CENTS },
    { duration: 90, price: (DEFAULT_SWEDISH_PRICE_CENTS * 3) / 2 },
  ],
};

/**
 * Writes the example service as service 1 (the specification's Swedish Massage id): call it on a services table with
 * no row 1. The sequence is moved past it, so the next service she adds never collides.
 */
export async function insertExampleService(db: DbOrTx): Promise<void> {
  const first = EXAMPLE_SERVICE.durationOptions[0]!;
  await db.insert(services).values({
    id: SWEDISH_MASSAGE_SERVICE_ID,
    ...EXAMPLE_SERVICE,
    duration: first.duration,
    price: first.price,
    sortOrder: 0,
  });
  await db.execute(
    sql`SELECT setval('services_id_seq', greatest((SELECT max(id) FROM services), (SELECT last_value FROM services_id_seq)))`,
  );
}

const INITIALIZED_KEY = 'initialized_at';

/** True when this database was initialised before (seeded or not). */
export async function isInitialized(db: Db): Promise<boolean> {
  const rows = await db
    .select()
    .from(appMeta)
    .where(sql`${appMeta.key} = ${INITIALIZED_KEY}`);
  return rows.length > 0;
}

/** First start only: record it, and write the demo content when asked to, or else the production start's. */
export async function initializeDatabase(db: Db, options: { demo: boolean; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // The insert decides which process initialises, if several start at once.
    const claimed = await tx
      .insert(appMeta)
      .values({ key: INITIALIZED_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    if (!options.demo) {
      await tx.insert(businessHours).values(OPEN_MONDAY_TO_FRIDAY);
      await insertExampleService(tx);
      return false;
    }
    await tx.insert(services).values(
      DEMO_SERVICES.map((s, i) => ({
        ...s,
        duration: s.durationOptions[0]!.duration,
        price: s.durationOptions[0]!.price,
        sortOrder: i,
      })),
    );
    // Explicit ids above; move the sequence past them.
    await tx.execute(sql`SELECT setval('services_id_seq', (SELECT max(id) FROM services))`);
    await tx.insert(businessHours).values(OPEN_MONDAY_TO_SATURDAY);
    await tx
      .insert(reviews)
      .values(
        DEMO_REVIEWS.map(({ daysAgo, ...r }) => ({ ...r, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) })),
      );
    await tx.insert(appMeta).values({ key: 'demo_seeded_at', value: now.toISOString() });
    return true;
  });
}
