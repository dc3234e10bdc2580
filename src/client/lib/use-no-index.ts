/**
 * A page that must not be indexed (a private link's page: the health form). Adds
 * <meta name="robots" content="noindex, nofollow"> while the page is shown and takes it away when
 * the visitor leaves. (The admin area has its own, features/admin/shell/use-no-index.ts.)
 */
import { useEffect } from 'react';

export function useNoIndex(): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const meta = existing ?? document.createElement('meta');
    const before = existing?.content;
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    if (!existing) document.head.appendChild(meta);
    return () => {
      if (existing && before !== undefined) existing.content = before;
      else meta.remove();
    };
  }, []);
}
