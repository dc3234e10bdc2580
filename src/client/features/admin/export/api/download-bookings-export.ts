/**
 * GET /api/admin/bookings/export.csv: fetched (not a plain link) so a 400 or an expired session
 * reads as a clear message instead of a broken download, then saved under the server's file name.
 * A mutation, not a query: nothing is cached, and the admin's 401 redirect watches mutations too.
 */
import { useMutation } from '@tanstack/react-query';
import { bookingsExportFilename, bookingsExportUrl, type BookingsExportQuery } from '@shared/schemas/export';
import { apiRequest } from '@/lib/api';

/** The file name of a Content-Disposition header, else the one the server would give. */
function filenameOf(res: Response, query: BookingsExportQuery): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? bookingsExportFilename(query.from, query.to);
}

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadBookingsExport(query: BookingsExportQuery): Promise<string> {
  const res = await apiRequest('GET', bookingsExportUrl(query));
  const filename = filenameOf(res, query);
  saveFile(await res.blob(), filename);
  return filename;
}

export function useDownloadBookingsExport() {
  return useMutation({ mutationFn: downloadBookingsExport });
}
