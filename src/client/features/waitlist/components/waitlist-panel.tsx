import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A page-level card for the waitlist's links: an icon, the page's h1, its text and its actions. */
export function WaitlistPanel({
  icon: Icon,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="container mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card className="overflow-hidden">
        <div className="flex flex-col items-center gap-3 px-5 pt-8 pb-6 text-center sm:px-8">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-primary" aria-hidden>
            <Icon className="size-7" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
          {children && <div className="max-w-lg text-muted-foreground text-pretty">{children}</div>}
        </div>
        {actions && (
          <div className="flex flex-col gap-3 border-t bg-muted/30 px-5 py-5 sm:flex-row sm:flex-wrap sm:justify-center sm:px-8">
            {actions}
          </div>
        )}
      </Card>
    </div>
  );
}
