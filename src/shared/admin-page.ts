/**
 * What the server embeds in a server-rendered admin page (decisions 022, 033): the answers the page would ask for
 * first, exactly as the API sends them (each parsed with its answer schema, so nothing more goes into the HTML).
 * Never a health answer or a treatment note: those are read by their own requests (and logged) after the page runs.
 */
import { ADMIN_APP_START_URL } from './admin-app';
import type { SessionUser } from './schemas/auth';
import type { CheckInState } from './schemas/check-in';
import type { ClientDetail } from './schemas/client';
import type { DaySheet } from './schemas/day-sheet';
import type { ReceiptSummary } from './schemas/receipts';

export interface AdminPageData {
  /** GET /api/auth/me */
  me: SessionUser;
  /** GET /api/admin/clients/{id}: her client's page (decision 022). */
  client?: ClientDetail;
  /**
   * GET /api/admin/day-sheet?date= of today in New Zealand: Today (decision 033), its health red flags left out (the
   * page asks for the sheet again once it runs, and shows them from that answer).
   */
  daySheet?: DaySheet;
  /** GET /api/admin/check-ins?date= of that day: each visit's 'Arrived' and 'Leaving' as they stand. */
  checkIns?: CheckInState[];
  /** GET /api/admin/bookings/{id}/receipts of each of that day's visits, by booking id. */
  receipts?: Record<string, ReceiptSummary[]>;
}

/** The admin pages the server renders for a valid session: one client's page. */
export const SERVER_RENDERED_ADMIN_PAGE = /^\/admin\/clients\/(\d{1,15})$/;

/** Today, rendered for a valid session too (decision 033). */
export const SERVER_RENDERED_TODAY_PAGE = ADMIN_APP_START_URL;

/** A path (no query) the server renders with her session's data. */
export const isServerRenderedAdminPath = (path: string): boolean =>
  path === SERVER_RENDERED_TODAY_PAGE || SERVER_RENDERED_ADMIN_PAGE.test(path);
