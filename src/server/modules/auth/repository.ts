import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { adminUsers, sessions } from '../../db/schema';

/** 256 random bits, URL-safe. The cookie holds it; the table holds its SHA-256. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export const toSessionUser = (u: { id: number; username: string; name: string; email: string }): SessionUser => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
});

/** The advisory-lock namespace of the first administrator's creation (beside visits/day-lock.ts's 13_013). */
export const SETUP_LOCK_NAMESPACE = 13_040;

export function createAuthRepository(db: Db) {
  return {
    async findUserByUsername(username: string) {
      const [row] = await db
        .select()
        .from(adminUsers)
        .where(sql`lower(${adminUsers.username}) = lower(${username})`);
      return row ?? null;
    },

    /** The first account's password hash: what a check for an unknown username must cost as much as. */
    async firstPasswordHash(): Promise<string | null> {
      const [row] = await db.select({ hash: adminUsers.passwordHash }).from(adminUsers).orderBy(adminUsers.id).limit(1);
      return row?.hash ?? null;
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
      return row?.n ?? 0;
    },

    async createUser(input: { username: string; name: string; email: string; passwordHash: string }) {
      const [row] = await db.insert(adminUsers).values(input).returning();
      return toSessionUser(row!);
    },

    /**
     * The first administrator, from /admin/setup (docs/product.md §2 "First run"): in one transaction that holds the
     * setup lock, so of two racing setups one creates her and the other finds her there. Null when an administrator
     * exists already.
     */
    async createFirstUser(input: { username: string; name: string; email: string; passwordHash: string }) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK_NAMESPACE}, 0)`);
        const [existing] = await tx.select({ id: adminUsers.id }).from(adminUsers).limit(1);
        if (existing) return null;
        const [row] = await tx.insert(adminUsers).values(input).returning();
        return toSessionUser(row!);
      });
    },

    /** Sets a new password and signs the user out everywhere. */
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(adminUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(adminUsers.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      });
    },

    async createSession(userId: number, maxAgeMs: number, now = new Date()) {
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + maxAgeMs);
      await db
        .insert(sessions)
        .values({ id: hashSessionToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
      return { token, expiresAt };
    },

    /** The session's user, if the session exists and is neither idle too long nor past its end. */
    async findSessionUser(token: string, idleMs: number, now = new Date()) {
      const [row] = await db
        .select({
          id: adminUsers.id,
          username: adminUsers.username,
          name: adminUsers.name,
          email: adminUsers.email,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, hashSessionToken(token)),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        );
      return row ?? null;
    },

    async touchSession(token: string, now = new Date()): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(eq(sessions.id, hashSessionToken(token)));
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
    },

    async deleteExpiredSessions(idleMs: number, now = new Date()): Promise<void> {
      await db
        .delete(sessions)
        .where(sql`${lt(sessions.expiresAt, now)} OR ${lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))}`);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
