/**
 * Her logo or photo (docs/product.md §19): made into its files at upload, kept in the database, and known
 * to every server process. An upload or removal applies in its own process before it answers; the others hear of it
 * from the change feed (practice_logo_files' trigger) and read which logo is current again.
 */
import { LOGO_PNG_WIDTH, type LogoRef } from '@shared/logo';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { makeLogoFiles } from './images';
import { readCurrentLogo, readLogoFile, removeLogo, replaceLogo } from './repository';

export interface LogoService {
  /** Reads which logo is current into `config.logo`. */
  reload(): Promise<void>;
  /** Makes her upload into its files and puts it in place of the old one (LogoImageError when it cannot be). */
  upload(bytes: Buffer, actor: string): Promise<LogoRef>;
  /** Removes her logo; answers whether there was one. */
  remove(): Promise<boolean>;
}

export interface LogoDeps {
  db: Db;
  config: Pick<AppConfig, 'logo'>;
  /** After the current logo changed: drop what was worked out with the old one (the public cache). */
  onApplied: () => void;
}

export function createLogoService({ db, config, onApplied }: LogoDeps): LogoService {
  const apply = (ref: LogoRef | null) => {
    const before = config.logo.current?.hash ?? null;
    config.logo.current = ref;
    if (before !== (ref?.hash ?? null)) onApplied();
  };
  return {
    async reload() {
      apply(await readCurrentLogo(db));
    },
    async upload(bytes, actor) {
      const logo = await makeLogoFiles(bytes);
      await replaceLogo(db, logo, actor);
      apply(logo.ref);
      return logo.ref;
    },
    async remove() {
      const removed = await removeLogo(db);
      apply(null);
      return removed;
    },
  };
}

/**
 * The PNG of e-mails and receipts of the current logo (null: none, or it was replaced a moment ago). Read at each
 * use: it is one small row.
 */
export async function currentLogoPng(db: DbOrTx, logo: AppConfig['logo'] | undefined): Promise<Buffer | null> {
  const ref = logo?.current;
  if (!ref) return null;
  const file = await readLogoFile(db, ref.hash, `${LOGO_PNG_WIDTH}.png`);
  return file?.bytes ?? null;
}
