/**
 * POST /api/admin/settings/logo (docs/product.md §19): her logo or photo, sent as the file itself with its own type.
 * Through XMLHttpRequest rather than fetch, for the upload's progress (a phone photo is megabytes on a slow
 * connection). The pages draw the logo from /api/practice, refreshed here so her header shows it at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeLogo } from '@shared/logo';
import { ApiError } from '@/lib/api';
import { practiceInfoQueryOptions } from '@/lib/queries/get-practice-info';

export const LOGO_URL = '/api/admin/settings/logo';

/** Sends the file; `onProgress` hears the share sent (0 to 1). Fails with an ApiError as every call does. */
export function uploadLogo(file: File, onProgress: (sent: number) => void): Promise<PracticeLogo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', LOGO_URL);
    xhr.withCredentials = true;
    // A file the browser cannot name (an HEIC photo on some systems) still goes, and the server says why not.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as PracticeLogo);
      else reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the server: check the connection and try again'));
    xhr.send(file);
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (sent: number) => void }) =>
      uploadLogo(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInfoQueryOptions().queryKey }),
  });
}
