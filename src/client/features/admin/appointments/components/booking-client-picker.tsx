/**
 * 'New booking''s client (docs/product.md §4 "Bookings she takes herself"): one of hers, found as she types (name,
 * e-mail, phone or suburb), or nobody chosen and the details typed below as a new client. Choosing one links the
 * booking to them.
 */
import { Loader2, Search, UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useFindClients } from '../api/find-clients';
import { NEW_BOOKING_TEXTS as T } from '../new-booking';

interface PickerProps {
  /** The chosen client's name, once chosen (while it loads: null with an id). */
  chosen: { id: number; name: string | null } | null;
  onChoose: (id: number) => void;
  onClear: () => void;
  disabled: boolean;
}

export function BookingClientPicker({ chosen, onChoose, onClear, disabled }: PickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q, 250);
  const found = useFindClients(query);
  const results = query.trim().length >= 2 ? (found.data ?? []) : [];

  if (chosen) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        <span className="flex min-w-0 items-center gap-2 break-words font-medium">
          <UserRound className="size-4 shrink-0 text-primary" aria-hidden />
          {chosen.name === null ? T.loadingClient : T.bookingFor(chosen.name)}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={onClear} disabled={disabled}>
          <X aria-hidden />
          {T.changeClient}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-q`}>{T.findClient}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={T.findPlaceholder}
          autoComplete="off"
          className="pl-9"
          disabled={disabled}
          aria-describedby={`${id}-hint`}
        />
        {found.isFetching && (
          <Loader2
            className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground motion-reduce:animate-none"
            aria-hidden
          />
        )}
      </div>
      <div aria-live="polite" id={`${id}-hint`} className="text-sm text-muted-foreground">
        {results.length === 0 && query.trim().length >= 2 && !found.isFetching && found.isSuccess
          ? T.noClientFound
          : results.length === 0 && T.newClientHint}
      </div>
      {results.length > 0 && (
        <ul aria-label="Clients found" className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
          {results.slice(0, 8).map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onChoose(c.id)}
                className="flex w-full flex-col items-start rounded-sm px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="font-medium break-words">{c.name}</span>
                <span className="text-xs text-muted-foreground break-all">
                  {[c.email, c.phone, c.suburb].filter(Boolean).join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
