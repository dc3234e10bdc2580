/**
 * 'Merge with another client…' (docs/product.md §12): search and pick the other client, then, for
 * the name, the e-mail and the phone, which one wins (both values shown), and confirm. This client
 * is kept; on success her screen moves to it (with the merged details) and a toast says so.
 */
import { ArrowLeft, GitMerge, Loader2, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { ClientDetail, ClientSummary } from '@shared/schemas/client';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { ChoiceCard } from '@/components/ui/choice-card';
import { serverMessage } from '../../shared/action-errors';
import { useClients } from '../api/get-clients';
import { useMergeClients } from '../api/merge-clients';
import { clientPath } from '../client-view';
import {
  DEFAULT_CHOICES,
  mergeCandidates,
  mergeFieldRows,
  mergeRequest,
  type MergeChoices,
  type MergeField,
  type MergeParty,
} from '../merge-choice';
import { MERGE_TEXTS as T, TOASTS } from '../texts';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { AlertBadges } from './alert-badges';

export function MergeDialog({ client }: { client: ClientDetail }) {
  const [open, setOpen] = useState(false);
  const [other, setOther] = useState<ClientSummary | null>(null);
  const merge = useMergeClients();
  const [, navigate] = useLocation();

  const onOpenChange = (next: boolean) => {
    if (merge.isPending) return;
    if (!next) setOther(null);
    setOpen(next);
  };

  const confirm = (choices: MergeChoices) => {
    if (!other) return;
    merge.mutate(
      { id: client.id, body: mergeRequest(other, choices) },
      {
        onSuccess: (kept) => {
          toast({ title: 'Success', description: TOASTS.merged(kept.name) });
          setOpen(false);
          setOther(null);
          if (kept.id !== client.id) navigate(clientPath(kept.id));
        },
        onError: (error) => {
          if (errorCode(error) === 'UNAUTHENTICATED') return;
          toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.mergeFailed, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="w-full sm:w-auto">
          <GitMerge aria-hidden />
          {T.open}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{other ? T.chooseDescription : T.searchDescription(client.name)}</DialogDescription>
        </DialogHeader>
        {open &&
          (other ? (
            <ChooseStep
              self={client}
              other={other}
              pending={merge.isPending}
              onBack={() => setOther(null)}
              onConfirm={confirm}
            />
          ) : (
            <PickStep selfId={client.id} onPick={setOther} onCancel={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function PickStep({
  selfId,
  onPick,
  onCancel,
}: {
  selfId: number;
  onPick: (client: ClientSummary) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);
  const clients = useClients(query, { enabled: query !== '' });
  const candidates = query && clients.data ? mergeCandidates(clients.data, selfId) : null;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>{T.searchLabel}</Label>
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
            placeholder={T.searchPlaceholder}
            className="pl-9"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <div role="status" aria-live="polite">
        {!query ? (
          <p className="text-sm text-muted-foreground">{T.typeToSearch}</p>
        ) : clients.isError && !candidates ? (
          <p className="text-sm text-destructive">{T.searchFailed}</p>
        ) : !candidates ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
            {T.searching}
          </p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noOthers}</p>
        ) : (
          <p className="sr-only">
            {candidates.length} {candidates.length === 1 ? 'client' : 'clients'} found
          </p>
        )}
      </div>
      {candidates && candidates.length > 0 && (
        <ul aria-label={T.pickLabel} className="divide-y rounded-md border">
          {candidates.map((candidate) => (
            <li key={candidate.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{candidate.name}</p>
                <p className="break-words text-muted-foreground">{candidate.email}</p>
                <p className="text-muted-foreground tabular-nums">
                  {candidate.phone}
                  {candidate.suburb && ` · ${candidate.suburb}`}
                </p>
                <AlertBadges alerts={candidate.alerts} className="mt-1" />
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => onPick(candidate)}
              >
                {T.choose}
                <span className="sr-only"> {candidate.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ChooseStep({
  self,
  other,
  pending,
  onBack,
  onConfirm,
}: {
  self: MergeParty;
  other: MergeParty;
  pending: boolean;
  onBack: () => void;
  onConfirm: (choices: MergeChoices) => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState<MergeChoices>(DEFAULT_CHOICES);
  const choose = (field: MergeField, side: MergeChoices[MergeField]) => setChoices({ ...choices, [field]: side });

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(choices);
      }}
    >
      {mergeFieldRows(self, other).map((row) => (
        <fieldset key={row.field} className="grid gap-2" disabled={pending}>
          <legend className="mb-1 text-sm font-medium">{T.keepWhich(row.field)}</legend>
          {(['this', 'other'] as const).map((side) => (
            <ChoiceCard
              key={side}
              name={`${id}-${row.field}`}
              value={side}
              checked={choices[row.field] === side}
              onChoose={() => choose(row.field, side)}
              label={(side === 'this' ? row.thisValue : row.otherValue) || '-'}
              hint={side === 'this' ? T.thisClient(self.name) : other.name}
            />
          ))}
        </fieldset>
      ))}
      <p className="rounded-md border bg-muted/40 p-3 text-sm">{T.goneNote(other.name)}</p>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onBack}>
          <ArrowLeft aria-hidden />
          {T.back}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {pending ? T.merging : T.confirm}
        </Button>
      </DialogFooter>
    </form>
  );
}
