import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

/** The header's theme button: the moon or sun of the theme in use, named 'Toggle theme'. */
export function ThemeToggleButton({ className, ...props }: ComponentProps<typeof Button>) {
  const { resolvedTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" title="Toggle theme" className={cn('text-muted-foreground hover:text-foreground', className)} {...props}>
      {resolvedTheme === 'dark' ? <Moon aria-hidden /> : <Sun aria-hidden />}
      <span className="sr-only">Toggle theme</span>
    </Button>
  );
}
