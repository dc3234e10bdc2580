/**
 * The stripe library's client for the keys in force (decision 037), or null without a secret key. Made
 * again only when the key or the API base changes. STRIPE_API_BASE points the library at another host (the tests'
 * loopback server), through the library's own host/port/protocol options: the requests stay the library's.
 */
import Stripe from 'stripe';
import type { AppConfig } from '../../config';

/** The library's options for an API base such as http://127.0.0.1:4242 (none: Stripe's own). */
export function apiBaseOptions(apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export type StripeConfig = AppConfig['stripe'];

export function createClientCache(): (config: StripeConfig) => Stripe | null {
  let made: { key: string; base: string | null; client: Stripe } | null = null;
  return (config) => {
    const key = config.secretKey;
    if (!key) return null;
    if (made && made.key === key && made.base === config.apiBase) return made.client;
    const client = new Stripe(key, {
      ...apiBaseOptions(config.apiBase),
      // One retry of a failed connection (the library sends the same Idempotency-Key again); then she is told.
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Homevisit' },
    });
    made = { key, base: config.apiBase, client };
    return client;
  };
}
