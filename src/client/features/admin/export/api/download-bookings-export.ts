/**
 * GET /api/admin/bookings/export.csv, or the mileage log GET /api/admin/mileage.csv: fetched (not a plain link) so a
 * 400 or an expired session
 * reads as a clear message instead of a broken download, then saved under the server's file name.
 * A mutation, not a query: nothing is cached, and the admin's 401 redirect watches mutations too.
 */
import { useMutation } from '@tanstack/react-query';
import {
  bookingsExportFilename,
  bookingsExportUrl,
  mileageExportFilename,
  mileageExportUrl,
  type BookingsExportQuery,
} from '@shared/schemas/export';
import { apiRequest } from '@/lib/api';

export type ExportKind = 'bookings' | 'mileage';
export type ExportRequest = BookingsExportQuery & { kind: ExportKind };

const ENDPOINTS = {
  bookings: { url: bookingsExportUrl, filename: bookingsExportFilename },
  mileage: { url: mileageExportUrl, filename: mileageExportFilename },
} as const;

/** The file name of a Content-Disposition header, else the one the server would give. */
function filenameOf(res: Response, request: ExportRequest): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? ENDPOINTS[request.kind].filename(request.from, request.to);
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

export async function downloadBookingsExport(request: ExportRequest): Promise<string> {
  const res = await apiRequest('GET', ENDPOINTS[request.kind].url(request));
  const filename = filenameOf(res, request);
  saveFile(await res.blob(), filename);
  return filename;
}

export function useDownloadBookingsExport() {
  return useMutation({ mutationFn: downloadBookingsExport });
}
