/**
 * The address field as a combobox over the server's OpenStreetMap suggestions (decision 035), when the site has no
 * Google key but a geocoder that offers them: the WAI-ARIA combobox pattern (list autocomplete), its list under the
 * field. Arrow keys move through the list, Enter takes the highlighted address, Escape closes it; typing on reopens it.
 * Without suggestions the field stays a plain input for manual entry.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useSiteConfig } from '@/lib/queries/get-site-config';
import { useAddressSuggestionsQuery } from './api/get-address-suggestions';
import { useDebouncedValue } from './use-debounced-value';

/** Shorter than the travel quote's pause: the list should follow typing. */
export const SUGGESTIONS_DEBOUNCE_MS = 300;

export interface AddressSuggestionsState {
  /** Whether the site offers them at all (the hint says so). */
  enabled: boolean;
  /** The list to show; empty when closed. */
  suggestions: string[];
  listId: string;
  optionId: (index: number) => string;
  active: number;
  /** Spread on the input. */
  inputProps: {
    role?: 'combobox';
    'aria-autocomplete'?: 'list';
    'aria-expanded'?: boolean;
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
  };
  /** True when the key was the list's (the caller then leaves it alone). */
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): boolean;
  choose(index: number): void;
  close(): void;
}

export function useAddressSuggestions(address: string, onPick: (address: string) => void): AddressSuggestionsState {
  const { data: site } = useSiteConfig();
  const enabled = site?.addressSuggestions === true;
  const typed = address.trim();
  const debounced = useDebouncedValue(typed, SUGGESTIONS_DEBOUNCE_MS);
  const query = useAddressSuggestionsQuery(debounced, { enabled });
  // Closed for the address the field starts with (brought from step 2's route field, or back from a later step): the
  // list opens when she types here, or on the Down arrow, not over the travel quote as the step opens.
  const [closedFor, setClosedFor] = useState<string | null>(() => typed || null);
  const [active, setActive] = useState(-1);
  const listId = useId();
  // Not the address already chosen or typed in full: nothing left to suggest.
  const suggestions =
    enabled && closedFor !== typed && debounced === typed
      ? (query.data?.suggestions ?? []).filter((s) => s.toLowerCase() !== typed.toLowerCase())
      : [];
  const open = suggestions.length > 0;
  const current = active < suggestions.length ? active : -1;

  const choose = (index: number) => {
    const picked = suggestions[index];
    if (picked === undefined) return;
    setClosedFor(picked.trim());
    setActive(-1);
    onPick(picked);
  };
  const close = () => {
    setClosedFor(typed);
    setActive(-1);
  };

  return {
    enabled,
    suggestions,
    listId,
    optionId: (index) => `${listId}-${index}`,
    active: current,
    inputProps: enabled
      ? {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': open,
          'aria-controls': listId,
          'aria-activedescendant': open && current >= 0 ? `${listId}-${current}` : undefined,
        }
      : {},
    onKeyDown(event) {
      if (!open) {
        if (event.key === 'ArrowDown' && enabled && closedFor === typed) {
          setClosedFor(null);
          return true;
        }
        return false;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const last = suggestions.length - 1;
        if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
        else setActive(current <= 0 ? last : current - 1);
        return true;
      }
      if (event.key === 'Enter' && current >= 0) {
        event.preventDefault();
        choose(current);
        return true;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return true;
      }
      return false;
    },
    choose,
    close,
  };
}
