/** Step 3's route message (docs/product.md §10) as shown: its focus, the picked time's note and the submit guard. */
import { useEffect, useRef, useState } from 'react';
import { useRouteCheck, type TimesFor } from './use-route-check';
import type { WizardFormValues } from './wizard-form';

interface RouteAlertInput {
  date: string | null;
  time: string | null;
  duration: number;
  address: string;
  timesFor: TimesFor | null;
  /** The travel check refuses the address: its message is the one that counts. */
  refused: boolean;
  onTimeChange: (time: string) => void;
}

/**
 * docs/product.md §10: the route check's message, its focus (a blocked submit moves focus to it; a picked
 * time moves focus to the note that replaces it) and the submit guard.
 */
export function useRouteAlert({ date, time, duration, address, timesFor, refused, onTimeChange }: RouteAlertInput) {
  const check = useRouteCheck({ date, time, duration, address, timesFor });
  const fitting = refused ? null : check.fitting;
  const alertRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const [focusAlert, setFocusAlert] = useState(false);
  const [picked, setPicked] = useState<{ time: string; address: string } | null>(null);
  const shown = fitting !== null;

  useEffect(() => {
    if (!focusAlert || !shown) return;
    alertRef.current?.focus();
    setFocusAlert(false);
  }, [focusAlert, shown]);

  const pickedTime = !shown && picked && picked.time === time && picked.address === address.trim() ? picked.time : null;
  useEffect(() => {
    if (pickedTime) noteRef.current?.focus();
  }, [pickedTime]);

  const pick = (next: string) => {
    setPicked({ time: next, address: address.trim() });
    onTimeChange(next);
  };

  /** Submitting a time that does not fit is stopped here, with the same message (the server would answer 409). */
  const guard =
    (submit: (values: WizardFormValues) => void | Promise<void>) =>
    async (values: WizardFormValues): Promise<void> => {
      if (await check.fitsNow(values.address)) return submit(values);
      setFocusAlert(true);
    };

  return { fitting, cause: check.cause, alertRef, noteRef, pickedTime, pick, guard };
}
