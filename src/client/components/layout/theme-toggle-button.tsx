import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The header's theme button: the moon or sun of the theme in use, named 'Toggle theme'. The icon
 * follows the <html> class (set before the first paint), not React state: the server-rendered
 * HTML cannot know the stored theme, and the hydrated button must match it.
 */
export function ThemeToggleButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" title="Toggle theme" className={cn('text-muted-foreground hover:text-foreground', className)} {...props}>
      <Moon aria-hidden className="hidden dark:block" />
      <Sun aria-hidden className="dark:hidden" />
      <span className="sr-only">Toggle theme</span>
    </Button>
  );
}
