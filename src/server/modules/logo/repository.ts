/** Her logo's files (migration 0026): every query of practice_logo_files. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { LOGO_ICON_SIZES, LOGO_PNG_WIDTH, type LogoRef } from '@shared/logo';
import type { Db, DbOrTx } from '../../db/client';
import { practiceLogoFiles } from '../../db/schema';
import type { LogoFile, MadeLogo } from './images';

/**
 * The table holds one logo's files at most: the lock makes two uploads (from any process) take turns, and each
 * removes what was there before it writes its own.
 */
async function lockLogo(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`LOCK TABLE practice_logo_files IN SHARE ROW EXCLUSIVE MODE`);
}

/** Her new logo in place of the old one (none kept: she replaced it). */
export async function replaceLogo(db: Db, logo: MadeLogo, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLogo(tx);
    await tx.delete(practiceLogoFiles);
    await tx.insert(practiceLogoFiles).values(logo.files.map((f) => ({ hash: logo.ref.hash, ...f, createdBy: actor })));
  });
}

/** Removes her logo; answers whether there was one. */
export async function removeLogo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockLogo(tx);
    const removed = await tx.delete(practiceLogoFiles).returning({ hash: practiceLogoFiles.hash });
    return removed.length > 0;
  });
}

/** The current logo as the pages name it, from its files' sizes (null: none). */
export async function readCurrentLogo(db: DbOrTx): Promise<LogoRef | null> {
  const rows = await db
    .select({
      hash: practiceLogoFiles.hash,
      name: practiceLogoFiles.name,
      width: practiceLogoFiles.width,
      height: practiceLogoFiles.height,
    })
    .from(practiceLogoFiles)
    .orderBy(asc(practiceLogoFiles.width));
  if (rows.length === 0) return null;
  const site = rows.filter((r) => r.name.endsWith('.avif'));
  const png = rows.find((r) => r.name === `${LOGO_PNG_WIDTH}.png`);
  const largest = site.at(-1);
  const iconSizes = LOGO_ICON_SIZES.filter((size) => rows.some((r) => r.name === `${size}.png`));
  if (!largest || !png || iconSizes.length === 0) return null;
  return {
    hash: largest.hash,
    width: largest.width,
    height: largest.height,
    widths: site.map((r) => r.width),
    pngHeight: png.height,
    iconSizes,
  };
}

/** One file of a logo, by its hash and '<width>.<ext>' (null: no such file, or not the current logo's). */
export async function readLogoFile(
  db: DbOrTx,
  hash: string,
  name: string,
): Promise<Pick<LogoFile, 'contentType' | 'bytes'> | null> {
  const [row] = await db
    .select({ contentType: practiceLogoFiles.contentType, bytes: practiceLogoFiles.bytes })
    .from(practiceLogoFiles)
    .where(and(eq(practiceLogoFiles.hash, hash), eq(practiceLogoFiles.name, name)));
  return row ?? null;
}
