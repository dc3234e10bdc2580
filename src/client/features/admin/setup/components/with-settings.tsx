/**
 * The guided setup's settings steps start from her settings as they are now (the install's first values): while they
 * load, a status line; if they cannot be read, the step says so and can still be skipped.
 */
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Settings } from '@shared/schemas/settings';
import { useSettings } from '../api/get-settings';
import type { SetupStep } from '../setup-steps';
import { StepFrame } from './step-frame';

interface WithSettingsProps {
  step: SetupStep;
  practiceName: string | undefined;
  onLater: () => void;
  children: (settings: Settings) => ReactNode;
}

export function WithSettings({ step, practiceName, onLater, children }: WithSettingsProps) {
  const settings = useSettings();
  if (settings.data) return children(settings.data);
  return (
    <StepFrame
      step={step}
      practiceName={practiceName}
      description={settings.isError ? 'Your settings could not be read.' : 'Reading your settings...'}
      onSubmit={(event) => {
        event.preventDefault();
        void settings.refetch();
      }}
      onLater={onLater}
      submitLabel="Try again"
      pendingLabel="Reading..."
      pending={settings.isFetching}
      formError={settings.isError ? 'Could not read your settings. Try again, or set this up later in Settings.' : null}
    >
      {settings.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
        </p>
      )}
    </StepFrame>
  );
}
