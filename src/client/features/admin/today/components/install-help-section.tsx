/** Settings, 'Install on your phone' (decision 026): the dashboard on her home screen, opening on Today, also offline.
 * */
import { Download, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isStandalone, promptInstall, useInstallPrompt } from '../install-app';

export function InstallHelpSection() {
  const prompt = useInstallPrompt();
  const [installed, setInstalled] = useState(false);
  useEffect(() => setInstalled(isStandalone()), []);

  return (
    <section aria-labelledby="install-heading" className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
      <h3 id="install-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Smartphone className="size-5" aria-hidden /> Install on your phone
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        The dashboard then opens from your home screen on Today, and your day sheet is there without coverage.
      </p>
      {installed ? (
        <p className="mt-3 text-sm font-medium">Installed: you are using the app now.</p>
      ) : (
        <>
          {prompt && (
            <Button className="mt-3" onClick={() => void promptInstall()}>
              <Download className="size-4" aria-hidden /> Install the app
            </Button>
          )}
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="font-medium">Android (Chrome)</dt>
              <dd className="text-muted-foreground">
                Press Install the app above when it shows, or open the ⋮ menu and choose Install app (or Add to Home
                screen).
              </dd>
            </div>
            <div>
              <dt className="font-medium">iPhone or iPad (Safari)</dt>
              <dd className="text-muted-foreground">
                Press the Share button (the square with an arrow), then Add to Home Screen, then Add.
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
