import { Moon, Sun } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { deferred, useDeferred } from './deferred';

const themeMenu = deferred(() => import('./theme-menu'));

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

/**
 * The Light / Dark / System choice (SPEC §2 header). The menu itself (Radix) loads after the
 * first paint; a press before then loads it and opens it.
 */
export function ThemeToggle() {
  const [module, loadNow] = useDeferred(themeMenu);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (module) return <module.ThemeMenu defaultOpen={openOnLoad} />;
  return (
    <ThemeToggleButton
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpenOnLoad(true);
        loadNow();
      }}
    />
  );
}
