-- 'Late cancellation' (issue 25, docs/product.md §4): when she cancels a confirmed visit on the client's behalf
-- inside CHANGE_CUTOFF_HOURS of its start, she may mark it late; it counts on the client with the no-shows.
-- Only a cancelled booking carries the mark (the service checks it was a confirmed visit inside the cut-off).
ALTER TABLE bookings ADD COLUMN late_cancellation boolean NOT NULL DEFAULT false;
ALTER TABLE bookings ADD CONSTRAINT bookings_late_cancellation_check CHECK (NOT late_cancellation OR status = 'cancelled');
