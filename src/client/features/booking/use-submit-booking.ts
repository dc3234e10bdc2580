/** Step 3's submit: the travel check, the request with its Idempotency-Key, and what each failure shows. */
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { OUTSIDE_SERVICE_AREA, OUTSIDE_SERVICE_AREA_TITLE, SLOT_TAKEN } from '@shared/messages';
import type { DurationOption, Service } from '@shared/schemas/service';
import { trackEvent } from '@/lib/analytics';
import { ApiError, errorCode } from '@/lib/api';
import { dismiss, toast } from '@/lib/toast';
import { useCreateBooking } from './api/create-booking';
import { attemptFor, buildBookingRequest, newIdempotencyKey, type SubmissionAttempt } from './booking-request';
import { submitErrorKind } from './submit-error';
import { quoteNow } from './use-travel-quote';
import type { WizardForm, WizardFormInput, WizardFormValues } from './wizard-form';
import { bookingConfirmPath } from '@shared/booking-paths';

/** The fields of step 3: a server's field error on any other has no input to show it at. */
const DETAIL_FIELDS = new Set<string>(['firstName', 'lastName', 'email', 'phone', 'address', 'injuryDetails', 'notes']);

export const ROUTE_DOES_NOT_FIT_TITLE = 'Time does not fit your address';

/** The server's text names her service area's distance (docs/product.md §19); the specification's 50 km one otherwise.
 * */
function outsideServiceAreaToast(message?: string) {
  toast({ variant: 'destructive', title: OUTSIDE_SERVICE_AREA_TITLE, description: message ?? OUTSIDE_SERVICE_AREA });
}

interface SubmitBookingOptions {
  form: WizardForm;
  service: Service | null;
  option: DurationOption | null;
  onServiceMissing: () => void;
  /** The time was taken meanwhile (409 SLOT_TAKEN): choose another. */
  onSlotTaken: () => void;
  /** The time is free but the therapist cannot drive to this address for it (409 ROUTE_DOES_NOT_FIT,
   * docs/product.md §10). */
  onRouteDoesNotFit: () => void;
}

export function useSubmitBooking({
  form,
  service,
  option,
  onServiceMissing,
  onSlotTaken,
  onRouteDoesNotFit,
}: SubmitBookingOptions) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  const attempt = useRef<SubmissionAttempt | null>(null);

  const showError = (error: unknown) => {
    const message = (error instanceof ApiError && error.body?.message) || null;
    switch (submitErrorKind(errorCode(error))) {
      case 'routeDoesNotFit':
        // As a taken time (docs/product.md §8), with the server's words: which drive this address cannot fit.
        onRouteDoesNotFit();
        toast({
          variant: 'destructive',
          title: ROUTE_DOES_NOT_FIT_TITLE,
          description: message ?? 'Please choose another time.',
        });
        return;
      case 'slotTaken':
        onSlotTaken();
        toast({ variant: 'destructive', title: 'Time no longer available', description: message ?? SLOT_TAKEN });
        return;
      case 'outsideServiceArea':
        outsideServiceAreaToast(message ?? undefined);
        return;
      case 'other':
        break;
    }
    for (const fieldError of error instanceof ApiError ? error.fieldErrors : []) {
      if (DETAIL_FIELDS.has(fieldError.path)) {
        form.setError(fieldError.path as keyof WizardFormInput, { type: 'server', message: fieldError.message });
      }
    }
    toast({ variant: 'destructive', title: 'Error', description: message ?? 'Failed to create booking' });
  };

  const onSubmit = async (values: WizardFormValues) => {
    if (!service || !option) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please select a service' });
      onServiceMissing();
      return;
    }
    // The quote of exactly the submitted address (usually already known from typing).
    const quote = await quoteNow(queryClient, values.address);
    if (quote?.refused) {
      outsideServiceAreaToast(quote.message);
      return;
    }
    const body = buildBookingRequest(values, option, quote);
    // One key per submission attempt, reused when the same request is sent again.
    attempt.current = attemptFor(attempt.current, JSON.stringify(body), newIdempotencyKey);
    try {
      const booking = await createBooking.mutateAsync({ body, idempotencyKey: attempt.current.key });
      dismiss();
      trackEvent('booking_submitted', { serviceId: service.id, duration: option.duration });
      navigate(bookingConfirmPath(booking.cancelToken));
    } catch (error) {
      showError(error);
    }
  };

  return { onSubmit, submitting: form.formState.isSubmitting || createBooking.isPending };
}
