/**
 * The admin app's web manifest (decision 026): her practice's name, the admin scope, and the icons: her logo's when she
 * has uploaded one (docs/product.md §19; squares with the logo inside the maskable safe zone), else those built from
 * one image.
 */
import { ADMIN_APP_SCOPE, ADMIN_APP_START_URL, ADMIN_ICONS, ADMIN_THEME } from '@shared/admin-app';
import { logoIconUrl, type LogoRef } from '@shared/logo';
import type { PracticeProfile } from '../../practice-profile';

function icons(logo: LogoRef | null) {
  if (logo) {
    const [any192, any512] = [logoIconUrl(logo, 192), logoIconUrl(logo, 512)];
    return [
      { src: any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: any512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ];
  }
  return [
    { src: ADMIN_ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
}

export function adminManifest(practice: Pick<PracticeProfile, 'name' | 'shortName'>, logo: LogoRef | null = null) {
  return {
    id: ADMIN_APP_START_URL,
    name: practice.name,
    short_name: practice.shortName,
    description: `${practice.name}: today's visits, requests and settings`,
    start_url: ADMIN_APP_START_URL,
    scope: ADMIN_APP_SCOPE,
    display: 'standalone',
    orientation: 'portrait',
    // One colour per manifest: the dark one is the admin page's <meta name="theme-color" media=...>.
    theme_color: ADMIN_THEME.light,
    background_color: ADMIN_THEME.background,
    icons: icons(logo),
  };
}
