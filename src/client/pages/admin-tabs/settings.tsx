import { SafetyContactSection } from '@/features/admin/check-in/components/safety-contact-section';
import { NotificationsSection } from '@/features/admin/push/components/notifications-section';
import { BaseSection } from '@/features/admin/settings/components/base-section';
import { BookingRulesSection } from '@/features/admin/settings/components/booking-rules-section';
import { CardPaymentsSection } from '@/features/admin/settings/components/card-payments-section';
import { DepositsSection } from '@/features/admin/settings/components/deposits-section';
import { LogoSection } from '@/features/admin/settings/components/logo-section';
import { MapsSection } from '@/features/admin/settings/components/maps-section';
import { MoneyDetailsSection } from '@/features/admin/settings/components/money-details-section';
import { PracticeSection } from '@/features/admin/settings/components/practice-section';
import { ServiceAreaSection } from '@/features/admin/settings/components/service-area-section';
import { SettingsTab } from '@/features/admin/settings/components/settings-tab';
import { StartFreshSection } from '@/features/admin/settings/components/start-fresh-section';
import { TextMessagesSection } from '@/features/admin/settings/components/text-messages-section';
import { InstallHelpSection } from '@/features/admin/today/components/install-help-section';

/**
 * /admin/settings (docs/product.md §17, §18.1 and §19): her practice, where she works from, her service area and fees,
 * her booking rules, money details and where drives come from; install on her phone, notifications, her safety contact,
 * deposits, card payments and text messages (decision 038); and Start fresh.
 */
export default function SettingsTabPage() {
  return <SettingsTab sections={SECTIONS} />;
}

/** In page order; each label is its section's heading word for word ('Jump to' lists them). */
const SECTIONS = [
  { anchor: 'settings-practice', label: 'Your practice', content: <PracticeSection /> },
  { anchor: 'settings-logo', label: 'Logo or photo', content: <LogoSection /> },
  { anchor: 'settings-base', label: 'Where you work from', content: <BaseSection /> },
  { anchor: 'settings-service-area', label: 'Service area and travel fees', content: <ServiceAreaSection /> },
  { anchor: 'settings-booking-rules', label: 'Booking rules', content: <BookingRulesSection /> },
  { anchor: 'settings-money', label: 'Money details', content: <MoneyDetailsSection /> },
  { anchor: 'settings-maps', label: 'Drives and maps', content: <MapsSection /> },
  { anchor: 'settings-install', label: 'Install on your phone', content: <InstallHelpSection /> },
  { anchor: 'settings-notifications', label: 'Notifications', content: <NotificationsSection /> },
  { anchor: 'settings-safety', label: 'Safety contact', content: <SafetyContactSection /> },
  { anchor: 'settings-deposits', label: 'Deposits', content: <DepositsSection /> },
  { anchor: 'settings-card-payments', label: 'Card payments', content: <CardPaymentsSection /> },
  { anchor: 'settings-texts', label: 'Text messages', content: <TextMessagesSection /> },
  { anchor: 'settings-start-fresh', label: 'Start fresh', content: <StartFreshSection /> },
] as const;
