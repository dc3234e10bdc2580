/**
 * The card's classes, apart from card.tsx (which merges a caller's with tailwind-merge) so a
 * component in the public first bundle can draw a card with `cx` (lib/class-names.ts).
 */
export const CARD_CLASSES = {
  root: 'rounded-lg border bg-card text-card-foreground shadow-sm',
  header: 'flex flex-col gap-1.5 p-5 sm:p-6',
  title: 'text-lg font-semibold leading-tight tracking-tight',
  // Its text-sm is left to the caller, who may want another size.
  description: 'text-muted-foreground',
  content: 'p-5 pt-0 sm:p-6 sm:pt-0',
  footer: 'flex items-center p-5 pt-0 sm:p-6 sm:pt-0',
} as const;
