/** The client page's 'Access log' (docs/privacy.md): every read of their health form and notes, and every change. */
import { formatNzDateTime } from '@/lib/format';
import { LoadError } from '../../shared/components/load-error';
import { useClientAccessLog } from '../api/get-client-access-log';
import { actionText, actorText } from '../access-log-view';
import { ClientSection } from './client-sections';

export function AccessLogSection({ clientId }: { clientId: number }) {
  const log = useClientAccessLog(clientId);
  return (
    <ClientSection id="client-access-log" title="Access log">
      <p className="mb-3 text-sm text-muted-foreground">
        Who read this client&apos;s health form and notes, and every export, correction and merge (NZ time).
      </p>
      {log.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {log.isError && (
        <LoadError title="Could not load the access log" onRetry={() => void log.refetch()} retrying={log.isFetching} />
      )}
      {log.data && log.data.length === 0 && (
        <p className="text-sm text-muted-foreground">Nothing read or changed yet.</p>
      )}
      {log.data && log.data.length > 0 && (
        <ul className="divide-y text-sm">
          {log.data.map((entry) => (
            <li key={entry.id} className="py-2">
              <p>
                <span className="font-medium">{actionText(entry.action)}</span> by {actorText(entry)}
              </p>
              <p className="text-muted-foreground break-words">
                {formatNzDateTime(entry.at)} · {entry.detail}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ClientSection>
  );
}
