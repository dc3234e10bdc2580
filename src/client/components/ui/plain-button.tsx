import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import type { ButtonProps } from './button';
import { buttonVariants } from './button-variants';

/**
 * Button (button.tsx) for the public pages' first bundle: the same looks and props, but its
 * className is appended without tailwind-merge, so it must not restate a property the variant
 * and size already set (pass `size={null}` or `variant={null}` and write that part instead, or use
 * `max-sm:hidden` rather than `hidden sm:inline-flex`). Elsewhere use Button.
 */
export function PlainButton({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: ButtonProps & ComponentProps<'button'>) {
  // type="button" unless it says otherwise, as Button.
  if (asChild) return <Slot className={cx(buttonVariants({ variant, size }), className)} {...props} />;
  return <button type={type ?? 'button'} className={cx(buttonVariants({ variant, size }), className)} {...props} />;
}
