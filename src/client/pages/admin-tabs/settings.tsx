import { SafetyContactSection } from '@/features/admin/check-in/components/safety-contact-section';
import { NotificationsSection } from '@/features/admin/push/components/notifications-section';
import { DepositsSection } from '@/features/admin/settings/components/deposits-section';
import { SettingsTab } from '@/features/admin/settings/components/settings-tab';
import { InstallHelpSection } from '@/features/admin/today/components/install-help-section';

/** /admin/settings (issues 26, 27): install on her phone, notifications, her safety contact, deposits. */
export default function SettingsTabPage() {
  return (
    <SettingsTab>
      <InstallHelpSection />
      <NotificationsSection />
      <SafetyContactSection />
      <DepositsSection />
    </SettingsTab>
  );
}
