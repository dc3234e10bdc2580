/**
 * The towns she treats as local (no travel fee inside her service area), any number: each a chip with its own remove
 * button, and a box to add one (Enter adds, it does not send the form). A town already in the list, however accented,
 * is not added twice.
 */
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { foldedTownName as folded, MAX_LOCAL_TOWNS } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface LocalTownsEditorProps {
  towns: string[];
  onChange: (towns: string[]) => void;
  /** The list's own message (from the schema or the server). */
  error: string | undefined;
  disabled?: boolean;
}

export function LocalTownsEditor({ towns, onChange, error, disabled = false }: LocalTownsEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const add = () => {
    const town = draft.trim().replace(/\s+/g, ' ');
    if (town === '') {
      setProblem('Type a town to add');
      return;
    }
    if (towns.some((t) => folded(t) === folded(town))) {
      setProblem(`${town} is already in the list`);
      return;
    }
    if (towns.length >= MAX_LOCAL_TOWNS) {
      setProblem(`At most ${MAX_LOCAL_TOWNS} local towns`);
      return;
    }
    onChange([...towns, town]);
    setDraft('');
    setProblem(null);
    setAnnouncement(`${town} added`);
  };
  const remove = (town: string) => {
    onChange(towns.filter((t) => t !== town));
    setAnnouncement(`${town} removed`);
  };

  const message = problem ?? error;
  return (
    <fieldset className="grid min-w-0 gap-2 sm:max-w-xl">
      <legend className="mb-2 text-sm font-medium">Towns you treat as local</legend>
      {towns.length > 0 ? (
        <ul aria-label="Local towns" className="flex flex-wrap gap-2">
          {towns.map((town) => (
            <li
              key={town}
              className="inline-flex max-w-full items-center gap-1 rounded-full border bg-secondary py-1 pl-3 pr-1 text-sm text-secondary-foreground"
            >
              <span className="truncate">{town}</span>
              <button
                type="button"
                onClick={() => remove(town)}
                disabled={disabled}
                aria-label={`Remove ${town}`}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No local towns yet: the travel fee applies to every address.</p>
      )}
      <Label htmlFor={`${id}-town`} className="mt-2">
        Add a town
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-town`}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          className="min-w-0"
        />
        <Button type="button" variant="outline" onClick={add} disabled={disabled} className="shrink-0">
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        An address in one of these towns pays no travel fee (within your service area). Add as many as you like.
      </p>
      <FieldError id={`${id}-error`} message={message} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
