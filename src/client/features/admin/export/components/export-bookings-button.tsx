/**
 * 'Export CSV' on the Appointments tab (docs/product.md §2 "Export"): a dialog to download her bookings of a date
 * range for her accounts and GST. The range defaults to last month in NZ time; the form is checked
 * with the server's own schema (src/shared/schemas/export.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bookingsExportQuerySchema, type BookingsExportInput, type BookingsExportQuery } from '@shared/schemas/export';
import { DAY_MS, nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { trackEvent } from '@/lib/analytics';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDownloadBookingsExport, type ExportKind } from '../api/download-bookings-export';
import { presetRange } from '../export-ranges';
import { TEXTS, TOASTS } from '../texts';
import { ExportBookingsForm, type ExportForm } from './export-bookings-form';

const defaults = (): BookingsExportInput => ({ ...presetRange('lastMonth', nzToday()), status: 'confirmed' });

/**
 * Days in an inclusive range, for analytics (how much she exports, never what). 'yyyy-MM-dd' parses as UTC midnight.
 */
const dayCount = ({ from, to }: BookingsExportQuery): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export function ExportBookingsButton() {
  const [open, setOpen] = useState(false);
  const download = useDownloadBookingsExport();
  const form: ExportForm = useForm<BookingsExportInput, unknown, BookingsExportQuery>({
    resolver: zodResolver(bookingsExportQuerySchema),
    defaultValues: defaults(),
  });

  const onOpenChange = (next: boolean) => {
    if (download.isPending) return;
    // Each opening starts from last month as of today (the page may have stayed open overnight).
    if (next) form.reset(defaults());
    setOpen(next);
  };

  const submitAs = (kind: ExportKind) =>
    form.handleSubmit((values) =>
      download.mutate(
        { ...values, kind },
        {
          onSuccess: () => {
            trackEvent(kind === 'mileage' ? 'mileage_exported' : 'bookings_exported', {
              status: values.status,
              days: dayCount(values),
            });
            toast({ title: 'Success', description: kind === 'mileage' ? TOASTS.mileageDownloaded : TOASTS.downloaded });
            setOpen(false);
          },
          onError: (error) => {
            // An expired session sends her to sign-in (use-session-expiry-redirect.ts).
            if (errorCode(error) === 'UNAUTHENTICATED') return;
            const apiError = error instanceof ApiError ? error : null;
            for (const { path, message } of apiError?.fieldErrors ?? []) {
              if (path === 'from' || path === 'to' || path === 'status') form.setError(path, { message });
            }
            toast({ title: 'Error', description: apiError?.body?.message ?? TOASTS.failed, variant: 'destructive' });
          },
        },
      ),
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Download aria-hidden />
          {TEXTS.button}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{TEXTS.title}</DialogTitle>
          <DialogDescription>{TEXTS.description}</DialogDescription>
        </DialogHeader>
        <ExportBookingsForm
          form={form}
          busy={download.isPending}
          onSubmit={(event) => void submitAs('bookings')(event)}
          onMileage={() => void submitAs('mileage')()}
        />
      </DialogContent>
    </Dialog>
  );
}
