/**
 * The retention periods the server runs with (HEALTH_/CLIENT_RETENTION_YEARS, from GET /api/practice)
 * and the short privacy statement built from them and her practice's name, so what the site says is what the server
 * does and who keeps the records is her practice.
 * Until the practice is known (it is embedded in the page, so rarely), the defaults.
 */
import { CLIENT_RETENTION_YEARS, HEALTH_RETENTION_YEARS, privacyStatement } from '@shared/privacy';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';

export function useRetentionYears(): { health: number; client: number; statement: string } {
  const { data: practice } = usePracticeInfo();
  const health = practice?.retention.healthYears ?? HEALTH_RETENTION_YEARS;
  const client = practice?.retention.clientYears ?? CLIENT_RETENTION_YEARS;
  return { health, client, statement: privacyStatement({ health, client }, practice?.name) };
}
