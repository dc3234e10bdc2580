/**
 * The new link, shown this once: a read-only field with 'Copy link', 'Add to calendar app'
 * (webcal://, which phones open as a subscription) and how to subscribe in each app.
 */
import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { trackEvent } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import { webcalUrl } from '../feed-link';
import { HOW_TO, TEXTS, TOASTS } from '../texts';
import { useFocusOnMount } from './use-focus-on-mount';

export function NewFeedLink({ url, onDone }: { url: string; onDone: () => void }) {
  const id = useId();
  const input = useFocusOnMount<HTMLInputElement>(true);
  const [selectHint, setSelectHint] = useState(false);

  const selectLink = () => {
    input.current?.focus();
    input.current?.select();
  };
  const copy = async () => {
    try {
      // Missing outside a secure context, and refused by some browsers without a permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setSelectHint(false);
      trackEvent('calendar_feed_link_copied');
      toast({ title: TOASTS.copied, description: 'Paste it into your calendar app.' });
    } catch {
      selectLink();
      setSelectHint(true);
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{TEXTS.linkLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            ref={input}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby={`${id}-hint`}
            className="font-mono text-xs sm:text-xs"
          />
          <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
            <Copy aria-hidden />
            {TEXTS.copy}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
          {selectHint ? TEXTS.copySelected : TEXTS.linkHint}
        </p>
      </div>
      <Button asChild className="sm:self-start">
        <a href={webcalUrl(url)}>
          <CalendarPlus aria-hidden />
          {TEXTS.addToApp}
        </a>
      </Button>
      <section aria-labelledby={`${id}-howto`} className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        <h3 id={`${id}-howto`} className="font-semibold">
          {TEXTS.howToHeading}
        </h3>
        <ul className="grid gap-2">
          {HOW_TO.map(({ app, steps }) => (
            <li key={app}>
              <span className="font-medium">{app}:</span> <span className="text-muted-foreground">{steps}</span>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">{TEXTS.googleDelay}</p>
      </section>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {TEXTS.done}
        </Button>
      </div>
    </div>
  );
}
