import { Children, cloneElement, type ComponentProps, type ReactElement } from 'react';
import { cx } from '@/lib/class-names';
import type { ButtonProps } from './button';
import { buttonVariants } from './button-variants';

/**
 * Button (button.tsx) for the public pages' first bundle: the same looks and props, but its
 * className is appended without tailwind-merge, so it must not restate a property the variant
 * and size already set (pass `size={null}` or `variant={null}` and write that part instead, or use
 * `max-sm:hidden` rather than `hidden sm:inline-flex`). Elsewhere use Button.
 *
 * `asChild` without Radix's Slot (decision 040: 1.3 kB of the first bundle): the one child element (a link) takes the
 * button's classes before its own, and the other props unless it sets them itself. Unlike Slot, an event handler the
 * child sets replaces the button's rather than running with it: give the handler to the child.
 */
export function PlainButton({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: ButtonProps & ComponentProps<'button'>) {
  if (asChild) {
    const { children, ...rest } = props;
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    const own = child.props;
    return cloneElement(child, {
      ...rest,
      ...own,
      className: cx(buttonVariants({ variant, size }), className, own.className),
    });
  }
  // type="button" unless it says otherwise, as Button.
  return <button type={type ?? 'button'} className={cx(buttonVariants({ variant, size }), className)} {...props} />;
}
