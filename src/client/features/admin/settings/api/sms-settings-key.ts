/** Query key of her text message settings (decision 038): Twilio account, sender, reminder time, limit; never the
 * token. */
export const SMS_SETTINGS_KEY = ['/api/admin/settings/sms'] as const;
