import type { ReactNode } from 'react';

/**
 * /admin/settings (issue 26): the settings of her phone and her safety, one section per area. The page passes the
 * sections in (admin areas never import each other).
 */
export function SettingsTab({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <h2 id="settings-heading" className="text-xl font-semibold">
        Settings
      </h2>
      {children}
    </section>
  );
}
