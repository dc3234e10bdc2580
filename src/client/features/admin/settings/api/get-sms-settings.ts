/**
 * GET /api/admin/settings/sms (decision 038): whether texts are on, her Twilio account and sender (and where
 * each comes from), whether an auth token is set (never the token), the reminder time, the monthly limit and the texts
 * sent this month, and the webhook address to give Twilio.
 */
import { useQuery } from '@tanstack/react-query';
import type { SmsSettings } from '@shared/schemas/sms';
import { getJson } from '@/lib/get-json';
import { SMS_SETTINGS_KEY } from './sms-settings-key';

export const getSmsSettings = (signal?: AbortSignal) => getJson<SmsSettings>(SMS_SETTINGS_KEY[0], signal);

export function useSmsSettings() {
  return useQuery({ queryKey: SMS_SETTINGS_KEY, queryFn: ({ signal }) => getSmsSettings(signal) });
}
