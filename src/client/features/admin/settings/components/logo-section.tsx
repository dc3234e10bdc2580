/**
 * Settings → Logo or photo (docs/product.md §19): the current one as the site draws it, a file to choose
 * (checked here for its type and size with the server's own words, then previewed), Upload with its progress, and
 * Remove after a confirmation. The server makes every size and format; the header shows the new one at once.
 */
import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@shared/logo';
import { LogoPicture } from '@/components/logo-picture';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { toast } from '@/lib/toast';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useRemoveLogo } from '../api/remove-logo';
import { useUploadLogo } from '../api/upload-logo';
import { SettingsCard } from './settings-card';

/** What the file input offers (HEIC is left out: the server cannot read it; a chosen one is told how to send it). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const ACCEPTED = new Set(ACCEPT.split(','));

/** Why this file cannot be sent, in the server's words; null when it may go. */
function fileProblem(file: File): string | null {
  if (/^image\/hei[cf]$/.test(file.type) || /\.hei[cf]$/i.test(file.name)) return LOGO_MESSAGES.heic;
  if (!ACCEPTED.has(file.type)) return LOGO_MESSAGES.unsupportedType;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  return null;
}

const messageOf = (err: unknown) => (err instanceof ApiError && err.body ? err.body.message : String(err));

/** The chosen file as a data: address (the page's CSP allows data: images, not blob:). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function LogoSection() {
  const { data: practice } = usePracticeInfo();
  const current = practice?.logo ?? null;
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const clear = () => {
    setChosen(null);
    setSent(0);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(undefined);
    setChosen(null);
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      setChosen({ file, preview: await readAsDataUrl(file) });
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const send = () => {
    if (!chosen) return;
    setError(undefined);
    setSent(0);
    upload.mutate(
      { file: chosen.file, onProgress: setSent },
      {
        onSuccess: () => {
          clear();
          toast({ title: 'Logo saved', description: 'Your site, e-mails, receipts and app icon use it from now on.' });
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Logo removed' });
      },
      onError: (err) => {
        setConfirming(false);
        setError(messageOf(err));
      },
    });

  const busy = upload.isPending || remove.isPending;
  const status = !upload.isPending ? null : sent < 1 ? `Uploading… ${Math.round(sent * 100)}%` : 'Making the sizes…';

  return (
    <SettingsCard
      title="Logo or photo"
      description="Shown in your site's header and home page, on your e-mails and receipts, and as your app's icon. A JPEG, PNG, WebP or AVIF image up to 10 MB; a square-ish one makes the best icon."
    >
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <figure className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted/40 p-2">
          {chosen ? (
            <img
              src={chosen.preview}
              alt="The chosen image, not saved yet"
              className="max-h-full max-w-full object-contain"
            />
          ) : current ? (
            <LogoPicture
              logo={current}
              height={112}
              sizes="112px"
              alt="Your logo as saved"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <figcaption className="text-center text-sm text-muted-foreground">No logo yet</figcaption>
          )}
        </figure>

        <div className="grid min-w-0 flex-1 gap-3">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{current ? 'Choose a new image' : 'Choose an image'}</Label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => void choose(e)}
              className="block w-full min-w-0 text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent disabled:opacity-60"
            />
            <FieldError id={errorId} message={error} />
          </div>

          {status && (
            <div className="grid gap-1" role="status">
              <span className="text-sm text-muted-foreground">{status}</span>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-primary"
                max={1}
                value={sent < 1 ? sent : undefined}
                aria-label="Upload progress"
              />
            </div>
          )}

          <div className="flex flex-wrap gap-2">
            {chosen && (
              <>
                <Button type="button" disabled={busy} aria-busy={upload.isPending || undefined} onClick={send}>
                  {upload.isPending ? (
                    <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
                  ) : (
                    <ImageUp aria-hidden />
                  )}
                  {upload.isPending ? 'Uploading…' : 'Upload'}
                </Button>
                <Button type="button" variant="outline" disabled={busy} onClick={clear}>
                  Cancel
                </Button>
              </>
            )}
            {current && !chosen && (
              <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden />
                Remove
              </Button>
            )}
          </div>
        </div>
      </div>

      <Dialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Remove your logo?</DialogTitle>
            <DialogDescription>
              Your site, e-mails and receipts go back to the plain mark, and your app to its own icon. You can upload
              one again at any time.
            </DialogDescription>
          </DialogHeader>
          <ConfirmFooter
            pending={remove.isPending}
            backLabel="Keep it"
            confirmLabel={remove.isPending ? 'Removing…' : 'Remove logo'}
            onBack={() => setConfirming(false)}
            onConfirm={confirmRemove}
            destructive
          />
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
