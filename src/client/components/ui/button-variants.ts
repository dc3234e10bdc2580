import { cva } from 'class-variance-authority';

/**
 * The button's looks, apart from button.tsx so the public first bundle can use them without
 * tailwind-merge (plain-button.tsx). `size: null` / `variant: null` leave that part out, for a
 * caller that writes its own. The text size is part of the size, so that no two classes of one
 * look set the same property, or repeat a class of the base (rounded-md: html-validate's no-dup-class).
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        // red-700 keeps white text above 4.5:1 in both themes.
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 dark:hover:bg-red-600',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-11 px-8 text-base',
        icon: 'size-10 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
