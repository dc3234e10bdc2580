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
 * never by a button that only happens to sit inside it (and html-validate's no-implicit-button-type, issue 26).
 */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonVariants({ variant, size, className }))} {...props} />;
  return <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
