/**
 * The Clients tab (docs/product.md §12): a search box (asked once she pauses typing), and
 * the clients as a table on a wide screen and as cards on a phone; each name opens the client's page.
 */
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useClients } from '../api/get-clients';
import { clientRowView } from '../client-view';
import { TEXTS } from '../texts';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { ClientCards } from './client-cards';
import { ClientTable } from './client-table';
import { ClientsEmpty, ClientsError, ClientsSkeleton } from './clients-states';

export function ClientsTab() {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);
  const clients = useClients(query);
  const rows = useMemo(() => clients.data?.map(clientRowView), [clients.data]);
  const retry = () => void clients.refetch();
  // The rows on screen answer this search (not the one before it, kept while the new one loads).
  const answered = !clients.isPlaceholderData;

  let body;
  if (rows === undefined) {
    body = clients.isError ? <ClientsError onRetry={retry} retrying={clients.isFetching} /> : <ClientsSkeleton />;
  } else if (rows.length === 0 && answered) {
    body = <ClientsEmpty query={query} />;
  } else {
    body = (
      <div aria-busy={!answered || undefined} className={answered ? undefined : 'opacity-60 transition-opacity'}>
        <div className="md:hidden">
          <ClientCards rows={rows} />
        </div>
        <div className="hidden md:block">
          <ClientTable rows={rows} />
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{TEXTS.heading}</h2>
          <CardDescription>{TEXTS.description}</CardDescription>
        </div>
        <div className="grid max-w-md gap-2">
          <Label htmlFor={`${id}-search`}>{TEXTS.searchLabel}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={search}
              autoComplete="off"
              spellCheck={false}
              placeholder={TEXTS.searchPlaceholder}
              className="pl-9"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {rows !== undefined && clients.isError && <ClientsError onRetry={retry} retrying={clients.isFetching} stale />}
        {body}
      </CardContent>
    </Card>
  );
}
