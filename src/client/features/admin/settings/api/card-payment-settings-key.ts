/** Query key of her card payment settings (decision 037): whether her Stripe keys are set, never the keys. */
export const CARD_PAYMENT_SETTINGS_KEY = ['/api/admin/settings/payments'] as const;
