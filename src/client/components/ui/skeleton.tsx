import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  // A caller's rounded-* replaces the default corners (the one override callers make), without
  // tailwind-merge in the public first bundle.
  const rounded = className && /(^|\s)rounded(-|\s|$)/.test(className) ? null : 'rounded-md';
  return <div className={cx('animate-pulse bg-muted', rounded, className)} aria-hidden {...props} />;
}
