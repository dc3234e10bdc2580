/**
 * A section of her settings: its card, and its form once its settings are loaded (the form starts from what is saved,
 * never from placeholders she could save by mistake). SettingsLoader reads GET /api/admin/settings; a section with its
 * own endpoint (texts) hands LoadedSection its query.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Settings } from '@shared/schemas/settings';
import { LoadError } from '@/features/admin/shared/components/load-error';
import { useSettings } from '../api/get-settings';
import { SettingsCard } from './settings-card';

interface SectionProps<T> {
  title: string;
  description: ReactNode;
  children: (data: T) => ReactNode;
}

export function LoadedSection<T>({
  query,
  errorTitle,
  title,
  description,
  children,
}: SectionProps<T> & { query: UseQueryResult<T>; errorTitle: string }) {
  return (
    <SettingsCard title={title} description={description}>
      {query.data ? (
        children(query.data)
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          Loading…
        </p>
      )}
    </SettingsCard>
  );
}

export function SettingsLoader(props: SectionProps<Settings>) {
  return <LoadedSection query={useSettings()} errorTitle="Your settings could not be loaded" {...props} />;
}
