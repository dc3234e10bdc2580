/**
 * GET /api/admin/clients/{id}/export?download=1 and …/export.html: plain links rather than fetches
 * (the browser saves the file or opens the page; the session cookie goes with them). Each one opened
 * is a line in the client's access log.
 */
import { clientExportPaths } from '@shared/schemas/client-export';

/** The JSON file, sent as a download. */
export const clientExportJsonUrl = (id: number): string => clientExportPaths.json(id);

/** The readable page, to print or save. */
export const clientExportPageUrl = (id: number): string => clientExportPaths.html(id);
