/** A client's alerts as small amber badges ('Dog at the gate'), wrapping on a phone. */
import { AlertTriangle } from 'lucide-react';
import type { ClientAlert } from '@shared/schemas/client';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export function AlertBadges({ alerts, className }: { alerts: readonly ClientAlert[]; className?: string }) {
  if (alerts.length === 0) return null;
  return (
    <ul aria-label="Alerts" className={cn('flex flex-wrap gap-1.5', className)}>
      {alerts.map((alert) => (
        <li key={alert.id} className="min-w-0 max-w-full">
          <Badge variant="warning" className="max-w-full items-start gap-1 rounded-md font-medium">
            <AlertTriangle className="mt-0.5 size-3 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{alert.text}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
