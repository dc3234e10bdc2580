/**
 * The gateway of an app (decision 037), with its keys kept in step with the database: read when the app is
 * ready and whenever stripe_settings changes (a save in this process or another, through the change feed).
 */
import type { FastifyInstance } from 'fastify';
import { createStripeGateway, type StripeGateway } from './gateway';
import { applyKeys, readSavedKeys } from './keys';

export function createAppStripeGateway(app: FastifyInstance): StripeGateway {
  const gateway = createStripeGateway({ db: app.db, config: app.config, log: app.log });
  const reload = () =>
    readSavedKeys(app.db, app.secretBox)
      .then((saved) => applyKeys(app.config.stripe, saved))
      .catch((err: unknown) => app.log.error({ err }, 'stripe keys could not be read: the last ones stay'));
  app.addHook('onReady', reload);
  app.onTableChange('stripe_settings', () => void reload());
  return gateway;
}
