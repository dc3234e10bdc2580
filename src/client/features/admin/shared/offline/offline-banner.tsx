import { WifiOff } from 'lucide-react';

/** Shown above the dashboard while the network is unreachable (decision 026): what she sees is what her phone kept. */
export function OfflineBanner() {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 dark:bg-amber-900/60 dark:text-amber-50"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      Offline: showing what this phone kept
    </p>
  );
}
