import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  align?: 'left' | 'center';
}

/** A section's small eyebrow line, heading (h2) and lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children, className, align = 'left' }: SectionHeadingProps) {
  return (
    <div className={cx('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-relaxed text-muted-foreground text-pretty">{children}</p>}
    </div>
  );
}
