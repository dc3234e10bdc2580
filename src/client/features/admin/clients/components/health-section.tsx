/**
 * The client page's 'Health form' (docs/product.md §13): closed until she asks, because
 * each reading is written to the client's access log; then the latest form's answers, its red flags,
 * the consent (who, when, which version) and the dates of earlier forms.
 */
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatNzDateTime } from '@/lib/format';
import { HealthLine } from '../../shared/components/health-line';
import { LoadError } from '../../shared/components/load-error';
import { useClientHealthForm } from '../api/get-client-health-form';
import { ClientSection } from './client-sections';

const STATUS_WORDS = { missing: 'No form', outdated: 'Out of date', current: 'Current' } as const;

export function HealthSection({ clientId }: { clientId: number }) {
  const [open, setOpen] = useState(false);
  const health = useClientHealthForm(clientId, open);
  const current = health.data?.current ?? null;

  return (
    <ClientSection
      id="client-health"
      title="Health form"
      actions={
        !open && (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <Eye className="size-4" aria-hidden />
            Show health form
          </Button>
        )
      }
    >
      {!open && <p className="text-sm text-muted-foreground">Opening it is written to the client&apos;s access log.</p>}
      {open && health.isPending && <p className="text-sm text-muted-foreground">Loading the health form…</p>}
      {open && health.isError && (
        <LoadError
          title="Could not load the health form"
          onRetry={() => void health.refetch()}
          retrying={health.isFetching}
        />
      )}
      {open && health.data && !current && <p className="text-sm text-muted-foreground">No health form yet.</p>}
      {current && (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={current.status === 'current' ? 'secondary' : 'warning'}>
              {STATUS_WORDS[current.status]}
            </Badge>
            {current.reconfirmed && <Badge variant="outline">Re-confirmed</Badge>}
          </div>
          <HealthLine flags={current.flags} status={current.status} />
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            {current.summary.map((line) => (
              <div key={line.id} className="contents">
                <dt className="text-muted-foreground">{line.label}</dt>
                <dd className="break-words">{line.answer}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-muted-foreground">
            Consent given by <span className="text-foreground">{current.consentName}</span> on{' '}
            {formatNzDateTime(current.submittedAt)} (NZ time), consent version {current.consentVersion}.
          </p>
          {health.data && health.data.history.length > 1 && (
            <div className="text-sm">
              <p className="font-medium">Earlier forms</p>
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {health.data.history.slice(1).map((form) => (
                  <li key={form.id}>
                    {formatNzDateTime(form.submittedAt)}
                    {form.reconfirmed && ' (re-confirmed)'}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </ClientSection>
  );
}
