import { MapPin } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { describedBy, fieldIds, FormField } from './form-field';

export const ROUTE_ADDRESS_LABEL = 'Your suburb or address';
export const ROUTE_ADDRESS_HINT = "Times fit around the therapist's other home visits that day.";

/** Step 2's optional address (docs/product.md §10): given, the calendar and times fit the therapist's route. */
export function RouteAddressField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = fieldIds('routeAddress').input;
  return (
    <FormField name="routeAddress" label={ROUTE_ADDRESS_LABEL} hint={ROUTE_ADDRESS_HINT} optional>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="street-address"
          placeholder="Suburb, or street and town"
          aria-describedby={describedBy('routeAddress', { hint: true })}
          className="pl-9"
        />
      </div>
    </FormField>
  );
}
