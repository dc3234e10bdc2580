import { useEffect } from 'react';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';

/** 'Reviews · {practice name}'; without a page title, the practice name alone. */
export function documentTitle(pageTitle: string | null | undefined, practiceName: string | undefined): string {
  const site = practiceName || (typeof document === 'undefined' ? '' : document.title);
  return pageTitle ? (practiceName ? `${pageTitle} · ${practiceName}` : pageTitle) : site;
}

/** Set the page's <title> while the page is shown. */
export function useDocumentTitle(pageTitle?: string | null): void {
  const { data: practice } = usePracticeInfo();
  const title = documentTitle(pageTitle, practice?.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
