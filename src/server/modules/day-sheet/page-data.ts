/**
 * Decision 033: what the server embeds in Today, /admin/today, for a valid session: the answers of GET /api/auth/me,
 * GET /api/admin/day-sheet (today in New Zealand), and the day's check-ins and each visit's receipts (the page would
 * ask for them as soon as it runs), read as those routes read them and parsed with their answer schemas.
 * The health red flags are left out: the sheet is read without the health forms (no flag, no read of them), and the
 * page asks for the full sheet once it runs, so no health word is ever in the HTML.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminPageData } from '@shared/admin-page';
import { sessionUserSchema } from '@shared/schemas/auth';
import { checkInStateSchema } from '@shared/schemas/check-in';
import { daySheetSchema } from '@shared/schemas/day-sheet';
import { receiptSummarySchema } from '@shared/schemas/receipts';
import { nzToday } from '@shared/time';
import { checkInsOn, toCheckInState } from '../check-ins/repository';
import { createClientsRepository } from '../clients/repository';
import { noHealth } from '../health-forms/health-of';
import { receiptSummaries } from '../receipts/summaries';
import { createDaySheetReader } from './day-sheet';

/** null without a session: the page is then the signed-out shell (the browser sends her to sign in). */
export function todayPageData(app: FastifyInstance): (request: FastifyRequest) => Promise<AdminPageData | null> {
  const daySheet = createDaySheetReader(
    app.db,
    app.config,
    app.drives,
    createClientsRepository(app.db, app.secretBox).alertTextsOf,
    noHealth,
  );
  return async (request) => {
    if (!request.user) return null;
    const now = new Date();
    const sheet = daySheetSchema.parse(await daySheet(nzToday(now), now));
    const [checkIns, receipts] = await Promise.all([
      checkInsOn(app.db, sheet.date),
      Promise.all(sheet.visits.map(async (v) => [v.bookingId, await receiptSummaries(app.db, v.bookingId)] as const)),
    ]);
    return {
      me: sessionUserSchema.parse(request.user),
      daySheet: sheet,
      checkIns: checkIns.map((row) => checkInStateSchema.parse(toCheckInState(row))),
      receipts: Object.fromEntries(receipts.map(([id, list]) => [id, list.map((r) => receiptSummarySchema.parse(r))])),
    };
  };
}
