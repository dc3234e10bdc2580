/** Query key of her card payment settings (issue 41): whether her Stripe keys are set, never the keys. */
export const CARD_PAYMENT_SETTINGS_KEY = ['/api/admin/settings/payments'] as const;
