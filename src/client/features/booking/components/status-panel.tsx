import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export type Tone = 'success' | 'pending' | 'muted' | 'danger';

const toneClasses: Record<Tone, string> = {
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  pending: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  muted: 'bg-muted text-muted-foreground',
  danger: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300',
};

interface StatusPanelProps {
  icon: LucideIcon;
  tone: Tone;
  title: string;
  /** Short text under the title. */
  lead?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** A page-level card with a status icon, the page's h1, its content and its actions. */
export function StatusPanel({ icon: Icon, tone, title, lead, children, actions, className }: StatusPanelProps) {
  return (
    <Card className={cn('overflow-hidden', className)}>
      <div className="flex flex-col items-center gap-3 px-5 pt-8 pb-6 text-center sm:px-8">
        <span className={cn('flex size-14 items-center justify-center rounded-full', toneClasses[tone])} aria-hidden>
          <Icon className="size-7" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
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

/** The loading state of the confirmation and cancel pages. */
export function StatusPanelSkeleton({ label }: { label: string }) {
  return (
    <Card role="status" aria-label={label} className="p-8">
      <div className="flex flex-col items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="mt-8 space-y-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    </Card>
  );
}
