import { Slot } from '@radix-ui/react-slot';
import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button-variants';

export { buttonVariants };

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (for example a link) with the button's look. */
  asChild?: boolean;
}

/**
 * A real <button> is type="button" unless it says otherwise: a form is sent by the one that says type="submit",
 * never by a button that only happens to sit inside it (and html-validate's no-implicit-button-type,
 * docs/product.md §17).
 */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  // tailwind-merge only for a caller's own classes: the looks never conflict among themselves (button-variants.ts),
  // and its first call costs a phone ~60 ms (docs/product.md §17: Today's buttons hydrate without it).
  const classes = className ? cn(buttonVariants({ variant, size, className })) : buttonVariants({ variant, size });
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
