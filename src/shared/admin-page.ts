/**
 * What the server embeds in a server-rendered admin page (decision 022): the answers the page would ask for first,
 * exactly as the API sends them (each parsed with its answer schema, so nothing more goes into the HTML).
 * Never a health answer or a treatment note: those are read by their own requests (and logged) after the page runs.
 */
import type { SessionUser } from './schemas/auth';
import type { ClientDetail } from './schemas/client';

export interface AdminPageData {
  /** GET /api/auth/me */
  me: SessionUser;
  /** GET /api/admin/clients/{id} */
  client: ClientDetail;
}

/** The admin pages the server renders for a valid session: one client's page. */
export const SERVER_RENDERED_ADMIN_PAGE = /^\/admin\/clients\/(\d{1,15})$/;
