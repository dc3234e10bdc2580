/** A labelled 30-minute time choice shown in 12-hour form (docs/product.md §9). */
import { formatTime12 } from '@shared/clock-time';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface TimeSelectProps {
  id: string;
  label: string;
  value: string | undefined;
  choices: string[];
  onChange: (time: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export function TimeSelect({ id, label, value, choices, onChange, disabled, invalid, describedBy }: TimeSelectProps) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
          <SelectValue placeholder="Select time" />
        </SelectTrigger>
        <SelectContent>
          {choices.map((t) => (
            <SelectItem key={t} value={t}>
              {formatTime12(t)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
