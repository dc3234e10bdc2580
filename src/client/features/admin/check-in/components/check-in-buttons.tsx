/**
 * 'Arrived' and 'Leaving' for one visit (docs/product.md §16 "Check-in"): the recorded times, a press
 * still on the phone ('queued, will send when online'), and 'Contact alerted' after an overdue alert. Rendered per
 * visit by the day sheet (the page passes it in) and in a confirmed visit's details.
 */
import { Loader2, LogIn, LogOut } from 'lucide-react';
import { memo, useCallback } from 'react';
import { formatTime12 } from '@shared/clock-time';
import type { CheckInKind } from '@shared/schemas/check-in';
import { nzDateOf, nzTimeOf } from '@shared/time';
import { Button } from '@/components/ui/button';
import { useCheckIns } from '../api/get-check-ins';
import { usePressCheckIn } from '../api/press-check-in';
import { useQueuedPresses } from '../use-press-queue';

export interface CheckInButtonsProps {
  bookingId: number;
  startsAt: string;
  endsAt: string;
}

const timeOf = (iso: string) => formatTime12(nzTimeOf(new Date(iso)));

export function CheckInButtons({ bookingId, startsAt }: CheckInButtonsProps) {
  const date = nzDateOf(new Date(startsAt));
  const day = useCheckIns(date);
  const { queued, refusals } = useQueuedPresses();
  const { mutate, isPending } = usePressCheckIn(startsAt);
  const press = useCallback((kind: CheckInKind) => mutate({ bookingId, kind }), [mutate, bookingId]);

  const state = day.data?.find((c) => c.bookingId === bookingId) ?? null;
  const waiting = queued.filter((q) => q.bookingId === bookingId);
  const queuedOf = (kind: CheckInKind) => waiting.find((q) => q.kind === kind) ?? null;
  return (
    <CheckInButtonsView
      bookingId={bookingId}
      arrivedAt={state?.arrivedAt ?? queuedOf('arrived')?.at ?? null}
      leftAt={state?.leftAt ?? queuedOf('leaving')?.at ?? null}
      busy={isPending}
      queuedOnPhone={waiting.length > 0}
      alerted={Boolean(state?.overdueAlertAt && !state.allClearAt)}
      allClear={Boolean(state?.allClearAt)}
      refusal={refusals[bookingId] ?? null}
      onPress={press}
    />
  );
}

interface CheckInButtonsViewProps {
  bookingId: number;
  arrivedAt: string | null;
  leftAt: string | null;
  busy: boolean;
  queuedOnPhone: boolean;
  alerted: boolean;
  allClear: boolean;
  refusal: string | null;
  onPress: (kind: CheckInKind) => void;
}

/**
 * Drawn again only when what it shows changes: the day's check-ins answering unchanged (as they do when Today opens,
 * decision 033) re-renders the hooks above, not the buttons and their icons.
 */
const CheckInButtonsView = memo(function CheckInButtonsView({
  bookingId,
  arrivedAt,
  leftAt,
  busy,
  queuedOnPhone,
  alerted,
  allClear,
  refusal,
  onPress,
}: CheckInButtonsViewProps) {
  return (
    <div className="grid gap-2" data-testid={`check-in-${bookingId}`}>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={arrivedAt ? 'secondary' : 'default'}
          disabled={busy || arrivedAt !== null}
          onClick={() => onPress('arrived')}
        >
          {busy && !arrivedAt ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
          {arrivedAt ? `Arrived ${timeOf(arrivedAt)}` : 'Arrived'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant={leftAt ? 'secondary' : 'outline'}
          disabled={busy || arrivedAt === null || leftAt !== null}
          onClick={() => onPress('leaving')}
        >
          <LogOut aria-hidden />
          {leftAt ? `Left ${timeOf(leftAt)}` : 'Leaving'}
        </Button>
      </div>
      <p role="status" className="text-xs text-muted-foreground">
        {queuedOnPhone ? 'Queued, will send when online' : ''}
        {alerted ? 'Your safety contact was alerted: press Leaving if you are fine' : ''}
        {allClear ? 'All clear sent to your safety contact' : ''}
      </p>
      {refusal ? (
        <p role="alert" className="text-xs text-destructive">
          {refusal}
        </p>
      ) : null}
    </div>
  );
});
