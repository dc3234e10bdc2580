/** The frame and the card every screen of the health form page sits in. */
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export function HealthFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}

const toneClasses = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  muted: 'bg-muted text-muted-foreground',
} as const;

interface HealthPanelProps {
  icon: LucideIcon;
  tone?: keyof typeof toneClasses;
  /** The page's h1. */
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Move the focus to the heading when shown (a screen that replaces another after a press). */
  focusTitle?: boolean;
}

/** A card with an icon, the page's heading, its lead, content and actions. */
export function HealthPanel({
  icon: Icon,
  tone = 'primary',
  title,
  lead,
  children,
  actions,
  focusTitle = false,
}: HealthPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center gap-3 px-5 pt-8 pb-6 text-center sm:px-8">
        <span className={cn('flex size-14 items-center justify-center rounded-full', toneClasses[tone])} aria-hidden>
          <Icon className="size-7" />
        </span>
        <h1
          ref={heading}
          tabIndex={focusTitle ? -1 : undefined}
          className="text-2xl font-bold tracking-tight text-balance focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {lead && <div className="max-w-lg text-muted-foreground text-pretty">{lead}</div>}
      </div>
      {children && <div className="border-t px-5 py-6 sm:px-8">{children}</div>}
      {actions && (
        <div className="flex flex-col gap-3 border-t bg-muted/30 px-5 py-5 sm:flex-row sm:flex-wrap sm:justify-center sm:px-8">
          {actions}
        </div>
      )}
    </Card>
  );
}

export function HealthPanelSkeleton() {
  return (
    <Card role="status" aria-label="Loading your health form" className="p-8">
      <div className="flex flex-col items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="mt-8 space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    </Card>
  );
}
