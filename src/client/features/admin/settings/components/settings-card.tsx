/** One Settings section: a card with its heading and a line on what it changes, as the other sections look. */
import { useId, type ReactNode } from 'react';

interface SettingsCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

export function SettingsCard({ title, description, children }: SettingsCardProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}
