-- Issue 40, 'Bookings she takes herself' (POST /api/admin/bookings, docs/product.md §4): who entered a booking
-- by hand, and the rule she overrode to take it. Both null for a visitor's request.
-- Her username (never a default): the booking names who took it.
ALTER TABLE bookings ADD COLUMN booked_by text CHECK (length(booked_by) BETWEEN 1 AND 100);
-- The refusal she confirmed 'Book anyway' over, in words ('Closed on Sundays'); never a client's details.
ALTER TABLE bookings ADD COLUMN override_reason text CHECK (length(override_reason) BETWEEN 1 AND 500);
-- An overridden booking was taken by her: the reason never stands without the name.
ALTER TABLE bookings ADD CONSTRAINT bookings_override_has_author CHECK (override_reason IS NULL OR booked_by IS NOT NULL);
