/**
 * An address box with its Find button (her base, in Settings and the guided setup, docs/product.md §2 "First run"):
 * Enter finds too, and does not send the form.
 */
import { Loader2, Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface AddressFindInputProps extends ComponentProps<typeof Input> {
  onFind: () => void;
  finding: boolean;
}

export function AddressFindInput({ onFind, finding, ...input }: AddressFindInputProps) {
  return (
    <div className="flex gap-2">
      <Input
        autoComplete="street-address"
        className="min-w-0"
        {...input}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onFind();
          }
        }}
      />
      <Button type="button" variant="outline" onClick={onFind} disabled={finding} className="shrink-0">
        {finding ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
        Find
      </Button>
    </div>
  );
}
