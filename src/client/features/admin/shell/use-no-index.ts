/**
 * Admin pages are never indexed (docs/product.md §2: noindex/nofollow). The server already
 * writes the meta tag into the HTML of /admin paths (and an X-Robots-Tag header); this keeps
 * it there when she arrives by a link inside the app, and takes it away when she leaves.
 */
import { useEffect } from 'react';

export const ROBOTS_CONTENT = 'noindex, nofollow';

export function useNoIndex(): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.appendChild(meta);
    }
    meta.content = ROBOTS_CONTENT;
    return () => meta.remove();
  }, []);
}
