/**
 * Decision 033: the admin shell of /admin/today may have drawn the day sheet kept on her phone before the app booted
 * (src/server/http/kept-sheet-paint.ts: its own element before #root, #root hidden meanwhile). The app takes over
 * here: the drawing is removed and #root shown, in the frame React draws its own sheet (the Today tab) or as soon as
 * the page is not Today (a sign-in page, another tab). Afterwards the script never draws again in this page.
 */
import { KEPT_SHEET_PAINT_ID } from '@shared/admin-app';

declare global {
  interface Window {
    /** Set once the app has taken over: a late IndexedDB answer must not draw over it. */
    __hvKeptSheetDone?: boolean;
  }
}

export function releaseKeptSheetPaint(): void {
  if (typeof document === 'undefined' || window.__hvKeptSheetDone) return;
  window.__hvKeptSheetDone = true;
  document.getElementById(KEPT_SHEET_PAINT_ID)?.remove();
  const root = document.getElementById('root');
  if (root?.hidden) root.hidden = false;
}
