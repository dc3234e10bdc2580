/** The query key of a day's check-ins (GET /api/admin/check-ins?date=), shared by the reads and the presses. */
export const checkInsKey = (date: string) => [`/api/admin/check-ins?date=${date}`] as const;
export const SAFETY_KEY = ['/api/admin/safety'] as const;
