/**
 * 'Jump to' at the top of Settings (docs/product.md §19): the page stacks a dozen sections, a long scroll on her phone.
 * On a phone a native select, kept at the top of the screen as she scrolls (the phone's own picker, big enough to tap);
 * on a wider screen the sections as a row of links. Either scrolls to the section and moves the keyboard focus there.
 */
import { useEffect, useId, useState } from 'react';
import { Label } from '@/components/ui/label';

export interface SettingsSectionLink {
  /** The anchor's id ('settings-logo'). */
  anchor: string;
  /** The section's heading, word for word. */
  label: string;
}

export const SETTINGS_JUMP_TEXTS = {
  nav: 'Settings sections',
  jumpTo: 'Jump to',
  choose: 'Choose a section',
} as const;

/** Scrolls to the section (smoothly unless she asked for less motion) and puts the focus on it. */
function jumpTo(anchor: string) {
  const target = document.getElementById(anchor);
  if (!target) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  // The address names the section: reloading or sharing it comes back here.
  window.history.replaceState(window.history.state, '', `#${anchor}`);
}

const selectClass =
  'h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function SettingsJump({ sections }: { sections: readonly SettingsSectionLink[] }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  // Opened at '/admin/settings#settings-logo': the sections draw after their data, so go there once they have.
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (!sections.some((s) => s.anchor === anchor)) return;
    const timer = window.setTimeout(() => jumpTo(anchor), 300);
    return () => window.clearTimeout(timer);
  }, [sections]);
  return (
    <nav aria-label={SETTINGS_JUMP_TEXTS.nav} className="sticky top-0 z-20 -mx-4 sm:static sm:mx-0">
      <div className="flex items-center gap-3 border-b bg-background/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:hidden">
        <Label htmlFor={`${id}-jump`} className="shrink-0">
          {SETTINGS_JUMP_TEXTS.jumpTo}
        </Label>
        <select
          id={`${id}-jump`}
          className={selectClass}
          value={chosen}
          onChange={(event) => {
            const anchor = event.target.value;
            if (!anchor) return;
            jumpTo(anchor);
            // Back to the prompt: the same section can be chosen again after scrolling away.
            setChosen('');
          }}
        >
          <option value="">{SETTINGS_JUMP_TEXTS.choose}</option>
          {sections.map((s) => (
            <option key={s.anchor} value={s.anchor}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <ul className="hidden flex-wrap gap-2 sm:flex">
        {sections.map((s) => (
          <li key={s.anchor}>
            <a
              href={`#${s.anchor}`}
              onClick={(event) => {
                event.preventDefault();
                jumpTo(s.anchor);
              }}
              className="inline-flex rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
