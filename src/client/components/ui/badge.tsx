import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'text-foreground',
      warning: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
      success: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
      // Soft like warning and success: white on the dark theme's bright red reads at only 3:1.
      destructive: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  // tailwind-merge only for a caller's own classes (as Button): a look's classes never conflict among themselves.
  return (
    <span className={className ? cn(badgeVariants({ variant }), className) : badgeVariants({ variant })} {...props} />
  );
}
