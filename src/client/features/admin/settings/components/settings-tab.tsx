import type { ReactNode } from 'react';
import { SettingsJump, type SettingsSectionLink } from './settings-jump';

export interface SettingsTabSection extends SettingsSectionLink {
  content: ReactNode;
}

/**
 * /admin/settings (docs/product.md §17 and §19): the settings of her practice, her phone and her safety, one section
 * per area, with 'Jump to' at the top (settings-jump.tsx). The page passes the sections in (admin areas never import
 * each other).
 */
export function SettingsTab({ sections }: { sections: readonly SettingsTabSection[] }) {
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <h2 id="settings-heading" className="text-xl font-semibold">
        Settings
      </h2>
      <SettingsJump sections={sections} />
      {sections.map((s) => (
        // Focusable by script only (the jump moves the focus here); kept clear of the sticky bar on a phone.
        <div key={s.anchor} id={s.anchor} tabIndex={-1} className="scroll-mt-20 focus:outline-none sm:scroll-mt-6">
          {s.content}
        </div>
      ))}
    </section>
  );
}
