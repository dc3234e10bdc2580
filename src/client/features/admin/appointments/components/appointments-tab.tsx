/**
 * The Appointments tab (docs/product.md §2): the month calendar and the selected day's list on the
 * left, the counters and 'Upcoming Appointments' on the right (below them on a phone). Every
 * appointment opens 'Appointment Details'. Under the day, 'Why this time?' (docs/product.md §11). Dates are
 * Pacific/Auckland whatever the browser's zone.
 * Above them, her two tools beyond the spec, given by the page (they are admin areas of their own):
 * the calendar feed and the CSV export (docs/product.md §2). `visitExtras`: what other areas show inside a visit's
 * details (her receipts, docs/product.md §18.3), given by the page too.
 */
import { CalendarPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminBooking } from '@shared/schemas/booking';
import { nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import type { BookingSource } from '../../shared/admin-paths';
import { monthOf } from '../appointment-days';
import { NEW_BOOKING_TEXTS } from '../new-booking';
import { AppointmentCounters } from './appointment-counters';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { AppointmentsCalendar } from './appointments-calendar';
import { DayAppointments } from './day-appointments';
import { NewBookingDialog } from './new-booking-dialog';
import { UpcomingAppointments } from './upcoming-appointments';
import { WhyThisTime } from './why-this-time';

export function AppointmentsTab({
  tools,
  visitExtras,
  bookingSource = null,
  onBookingSourceDone,
}: {
  tools: ReactNode;
  visitExtras?: (booking: AdminBooking) => ReactNode;
  /** 'New booking' asked for by the address (docs/product.md §4 "Bookings she takes herself"): empty, or filled from a
   * client or a waitlist entry. */
  bookingSource?: BookingSource | 'new' | null;
  /** The dialog opened from the address closed: the page drops the address's request. */
  onBookingSourceDone?: () => void;
}) {
  const [today] = useState(() => nzToday());
  const [month, setMonth] = useState(() => monthOf(today));
  const [selected, setSelected] = useState(today);
  const [open, setOpen] = useState<AdminBooking | null>(null);
  const [booking, setBooking] = useState(false);
  const fromAddress = bookingSource !== null;
  const closeBooking = () => {
    setBooking(false);
    if (fromAddress) onBookingSourceDone?.();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Calendar and records" className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" onClick={() => setBooking(true)} className="mr-auto">
          <CalendarPlus aria-hidden />
          {NEW_BOOKING_TEXTS.open}
        </Button>
        {tools}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <AppointmentsCalendar
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelect={setSelected}
            today={today}
          />
          <DayAppointments date={selected} onOpen={setOpen} />
          <WhyThisTime selectedDate={selected} />
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label="Appointments overview">
          <AppointmentCounters />
          <UpcomingAppointments onOpen={setOpen} />
        </aside>
      </div>
      <NewBookingDialog
        open={booking || fromAddress}
        onOpenChange={(next) => (next ? setBooking(true) : closeBooking())}
        date={selected < today ? today : selected}
        source={bookingSource === 'new' ? null : bookingSource}
        onBooked={(made) => {
          // She sees it where it landed on her calendar.
          setSelected(made.date);
          setMonth(monthOf(made.date));
          closeBooking();
        }}
      />
      <AppointmentDetailsDialog
        booking={open}
        onClose={() => setOpen(null)}
        onChanged={setOpen}
        visitExtras={visitExtras}
      />
    </div>
  );
}
