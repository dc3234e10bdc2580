/**
 * Where clients stand with the health form, and their red flags, read once for a whole list of
 * bookings (one query, each latest form opened once). Showing the flags is a summary, not a read
 * of the form: it is not written to the access log (docs/product.md §13).
 */
import { healthFlags } from '@shared/health-form';
import type { HealthFormStatus } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import type { SecretBox } from '../../secret-box';
import { createHealthFormsRepository } from './repository';
import { healthFormStatus } from './status';

export interface ClientHealth {
  status: HealthFormStatus;
  flags: string[];
}

/** `db`: a transaction to read in (by default the reader's own database). */
export type HealthOf = (clientIds: readonly (number | null)[], db?: DbOrTx) => Promise<Map<number, ClientHealth>>;

export const NO_FORM: ClientHealth = { status: 'missing', flags: [] };

/** For readers built without the secret box: every client without a form. */
export const noHealth: HealthOf = async () => new Map();

export const healthFor = (health: Map<number, ClientHealth>, clientId: number | null): ClientHealth =>
  (clientId !== null && health.get(clientId)) || NO_FORM;

export function createHealthOf(db: DbOrTx, box: SecretBox, months: number, now = () => new Date()): HealthOf {
  return async (clientIds, inTx) => {
    const ids = clientIds.filter((id): id is number => id !== null);
    const latest = await createHealthFormsRepository(inTx ?? db, box).latestOf(ids);
    const at = now();
    return new Map(
      [...latest].map(([id, form]) => [
        id,
        { status: healthFormStatus(form, at, months), flags: healthFlags(form.answers) },
      ]),
    );
  };
}
