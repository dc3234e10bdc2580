/**
 * A section of her settings (GET /api/admin/settings): its card, and its form once the settings are loaded (the form
 * starts from what is saved, never from placeholders she could save by mistake).
 */
import type { ReactNode } from 'react';
import type { Settings } from '@shared/schemas/settings';
import { LoadError } from '@/features/admin/shared/components/load-error';
import { useSettings } from '../api/get-settings';
import { SettingsCard } from './settings-card';

interface SettingsLoaderProps {
  title: string;
  description: ReactNode;
  children: (settings: Settings) => ReactNode;
}

export function SettingsLoader({ title, description, children }: SettingsLoaderProps) {
  const settings = useSettings();
  return (
    <SettingsCard title={title} description={description}>
      {settings.data ? (
        children(settings.data)
      ) : settings.isError ? (
        <div className="mt-4">
          <LoadError
            title="Your settings could not be loaded"
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          Loading…
        </p>
      )}
    </SettingsCard>
  );
}
