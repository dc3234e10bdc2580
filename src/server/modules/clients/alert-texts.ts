/** The alert texts of clients by id, read once for a whole list of bookings (no query per booking). */
export type AlertTexts = (clientIds: readonly (number | null)[]) => Promise<Map<number, string[]>>;

/** For readers built without the secret box (a test's summary): no alerts. */
export const noAlerts: AlertTexts = async () => new Map();

/** The alerts of one booking's client. */
export const alertsFor = (alerts: Map<number, string[]>, clientId: number | null): string[] =>
  (clientId !== null && alerts.get(clientId)) || [];
