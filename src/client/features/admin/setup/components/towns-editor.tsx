/**
 * The towns she treats as local (no travel fee), any number: each a chip with its own remove button, and a box to add
 * one (Enter adds it, it does not send the form). A town already listed, however accented, is not added twice.
 */
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const folded = (town: string) => town.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

interface TownsEditorProps {
  towns: string[];
  onChange: (towns: string[]) => void;
  error: string | undefined;
}

export function TownsEditor({ towns, onChange, error }: TownsEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const town = draft.trim().replace(/\s+/g, ' ');
    if (town === '') return setProblem('Type a town to add');
    if (towns.some((t) => folded(t) === folded(town))) return setProblem(`${town} is in the list already`);
    setProblem(null);
    onChange([...towns, town]);
    setDraft('');
  };
  const message = problem ?? error;

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-add`}>Towns you treat as local (no travel fee)</Label>
      {towns.length > 0 ? (
        <ul aria-label="Local towns" className="flex flex-wrap gap-2">
          {towns.map((town) => (
            <li key={town} className="flex items-center gap-1 rounded-full border bg-muted/60 py-1 pl-3 pr-1 text-sm">
              {town}
              <button
                type="button"
                onClick={() => onChange(towns.filter((t) => t !== town))}
                className="rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3.5" aria-hidden />
                <span className="sr-only">Remove {town}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">None yet: every address pays the travel fee.</p>
      )}
      <div className="flex gap-2">
        <Input
          id={`${id}-add`}
          value={draft}
          className="min-w-0"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} className="shrink-0">
          <Plus aria-hidden />
          Add town
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={message ?? undefined} />
    </div>
  );
}
