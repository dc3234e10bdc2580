/**
 * Settings → Start fresh (docs/product.md §2 Settings): from the demo to her own site. A dialog says what
 * goes and what stays, and asks her to type START FRESH; the server checks it again and does it in one transaction.
 */
import { RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { START_FRESH_CONFIRMATION } from '@shared/schemas/start-fresh';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useStartFresh } from '../api/start-fresh';
import { removedText } from '../start-fresh-text';
import { SettingsCard } from './settings-card';

const GOES =
  'every service, review, booking (with its notes and health forms), client, waitlist entry, regular series and e-mail';
const STAYS = 'your account, your settings, your hours and blocked dates, your calendars and your phone';

export function StartFreshSection() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = useStartFresh();
  const matches = typed === START_FRESH_CONFIRMATION;

  const close = (next: boolean) => {
    if (next || start.isPending) return;
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!matches) {
      setError(`Type ${START_FRESH_CONFIRMATION} in capitals to confirm`);
      return;
    }
    start.mutate(
      { confirm: START_FRESH_CONFIRMATION },
      {
        onSuccess: (res) => {
          toast({
            title: 'Started fresh',
            description: `${removedText(res.removed)} An example service is ready to edit.`,
          });
          setOpen(false);
          setTyped('');
          setError(undefined);
        },
        onError: (err) => setError(err instanceof ApiError && err.body ? err.body.message : String(err)),
      },
    );
  };

  return (
    <SettingsCard
      title="Start fresh"
      description={`Finished trying the demo? Start fresh removes ${GOES}, and leaves one example service for you to edit. It keeps ${STAYS}.`}
    >
      <div className="mt-4">
        <Button
          type="button"
          variant="outline"
          className="border-red-300 text-red-700 hover:text-red-800 dark:border-red-800 dark:text-red-300 dark:hover:text-red-200"
          onClick={() => setOpen(true)}
        >
          <RotateCcw aria-hidden />
          Start fresh…
        </Button>
      </div>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Start fresh?</DialogTitle>
            <DialogDescription>
              This removes {GOES}. It cannot be undone. It keeps {STAYS}.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <LabelledField label={`Type ${START_FRESH_CONFIRMATION} to confirm`} error={error}>
              {(control) => (
                <Input
                  {...control}
                  value={typed}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </LabelledField>
            <ConfirmFooter
              pending={start.isPending}
              backLabel="Cancel"
              confirmLabel={start.isPending ? 'Starting fresh...' : 'Start fresh'}
              onBack={() => close(false)}
              onConfirm={() => submit()}
              destructive
            />
          </form>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
