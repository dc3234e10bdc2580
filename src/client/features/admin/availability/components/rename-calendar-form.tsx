/** Inline rename of one calendar: the name field in place of the title, Save and Cancel; Escape cancels. */
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { calendarPatchSchema, type OtherCalendar } from '@shared/schemas/other-calendar';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useUpdateCalendar } from '../api/update-calendar';
import { CALENDAR_TEXTS as T, CALENDAR_TOASTS } from '../texts';

interface RenameCalendarFormProps {
  calendar: OtherCalendar;
  onDone: () => void;
}

export function RenameCalendarForm({ calendar, onDone }: RenameCalendarFormProps) {
  const id = useId();
  const [name, setName] = useState(calendar.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCalendar();
  const input = useRef<HTMLInputElement>(null);
  // She chose Rename: the field takes the focus (and its text, to type over).
  useEffect(() => input.current?.select(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = calendarPatchSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.name === calendar.name) return onDone();
    update.mutate(
      { id: calendar.id, patch: { name: parsed.data.name } },
      {
        onSuccess: () => {
          toast(CALENDAR_TOASTS.updated);
          onDone();
        },
        onError: (err) => setError(serverMessage(err) ?? CALENDAR_TOASTS.updateFailed),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-2"
      onKeyDown={(event) => event.key === 'Escape' && onDone()}
    >
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <Label htmlFor={`${id}-name`} className="sr-only">
          New name for {calendar.name}
        </Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          ref={input}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          className="h-10"
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
        >
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {T.save}
        </Button>
        <Button type="button" size="sm" variant="outline" className="h-10" onClick={onDone} disabled={update.isPending}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
