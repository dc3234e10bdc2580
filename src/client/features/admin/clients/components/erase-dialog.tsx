/**
 * 'Erase' on the client page (the Privacy Act; docs/privacy.md "Erasure"): what goes and
 * what stays in plain words, and her typing the client's name to confirm, since it cannot be undone.
 * On success her screen goes back to the list and a toast says what was kept.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { ClientDetail } from '@shared/schemas/client';
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
import { serverMessage } from '../../shared/action-errors';
import { forgetErasedClient, useEraseClient } from '../api/erase-client';

export const ERASE_TEXTS = {
  heading: 'Erase',
  hint: 'The client asked you to delete what you hold about them? Erase removes them for good.',
  open: 'Erase this client…',
  title: (name: string) => `Erase ${name}?`,
  goes: 'Removed for good: name, e-mail, phone, addresses, health forms, treatment notes, alerts and every e-mail about them.',
  stays:
    'Kept without the name, as the tax rules need: the date, service, price and travel fee of each booking. This cannot be undone.',
  confirmLabel: (name: string) => `Type ${name} to confirm`,
  confirm: 'Erase client',
  erasing: 'Erasing...',
  cancel: 'Cancel',
  erased: (name: string, kept: number) =>
    `${name} was erased. ${kept === 1 ? '1 booking stays' : `${kept} bookings stay`} without a name.`,
  failed: 'Could not erase the client',
} as const;

/** The typed name matches whatever the spacing or case. */
export const sameName = (typed: string, name: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase();

export function EraseDialog({ client }: { client: ClientDetail }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useEraseClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const inputId = useId();
  const matches = sameName(typed, client.name);

  const onOpenChange = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) setTyped('');
    setOpen(next);
  };

  const confirm = () => {
    if (!matches) return;
    erase.mutate(client.id, {
      onSuccess: (erasure) => {
        toast({ title: 'Success', description: ERASE_TEXTS.erased(client.name, erasure.kept.bookings) });
        setOpen(false);
        navigate('/admin/clients');
        forgetErasedClient(queryClient, client.id);
      },
      onError: (error) => {
        if (errorCode(error) === 'UNAUTHENTICATED') return;
        toast({ title: 'Error', description: serverMessage(error) ?? ERASE_TEXTS.failed, variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="w-full text-destructive sm:w-auto">
          <Trash2 aria-hidden />
          {ERASE_TEXTS.open}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{ERASE_TEXTS.title(client.name)}</DialogTitle>
          <DialogDescription>{ERASE_TEXTS.goes}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{ERASE_TEXTS.stays}</p>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Label htmlFor={inputId}>{ERASE_TEXTS.confirmLabel(client.name)}</Label>
          <Input
            id={inputId}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
          <DialogFooter className="mt-3">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={erase.isPending}>
              {ERASE_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || erase.isPending}>
              {erase.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
              {erase.isPending ? ERASE_TEXTS.erasing : ERASE_TEXTS.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
