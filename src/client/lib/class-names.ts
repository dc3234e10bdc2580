import { type ClassValue, clsx } from 'clsx';

/**
 * Join class names, without tailwind-merge: the public pages' first bundle stays lighter by it
 * (decision 010). The classes joined must not conflict (two utilities for the same property and
 * variant); where they could, write the one wanted, or use `cn` from ./utils.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
