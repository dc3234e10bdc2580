import { cn } from '@/lib/utils';
import type { AddressSuggestionsState } from '../use-address-suggestions';

/**
 * The OpenStreetMap suggestions under the address field (decision 035): a listbox the field controls, each address an
 * option; a press picks it without taking the focus from the field. OpenStreetMap's data asks to be credited.
 */
export function AddressSuggestionList({ state }: { state: AddressSuggestionsState }) {
  if (state.suggestions.length === 0) return null;
  return (
    <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md">
      <ul id={state.listId} role="listbox" aria-label="Suggested addresses" className="max-h-64 overflow-y-auto py-1">
        {state.suggestions.map((suggestion, index) => (
          <li
            key={suggestion}
            id={state.optionId(index)}
            role="option"
            aria-selected={index === state.active}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm',
              index === state.active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
            )}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => state.choose(index)}
          >
            {suggestion}
          </li>
        ))}
      </ul>
      <p className="border-t px-3 py-1 text-[11px] text-muted-foreground">Addresses © OpenStreetMap contributors</p>
    </div>
  );
}
