import { Moon, Sun } from '@/components/ui/first-load-icon';
import type { ComponentProps } from 'react';
import { PlainButton } from '@/components/ui/plain-button';
import { cx } from '@/lib/class-names';

/**
 * The header's theme button: the moon or sun of the theme in use, named 'Toggle theme'. The icon
 * follows the <html> class (set before the first paint), not React state: the server-rendered
 * HTML cannot know the stored theme, and the hydrated button must match it.
 */
export function ThemeToggleButton({ className, ...props }: ComponentProps<typeof PlainButton>) {
  return (
    <PlainButton
      variant={null}
      size="icon"
      title="Toggle theme"
      className={cx('text-muted-foreground hover:bg-accent hover:text-foreground', className)}
      {...props}
    >
      <Moon aria-hidden className="hidden dark:block" />
      <Sun aria-hidden className="dark:hidden" />
      <span className="sr-only">Toggle theme</span>
    </PlainButton>
  );
}
