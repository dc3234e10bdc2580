-- Where each visit is (issue 13): the coordinates the travel provider located the address at,
-- for the drive between consecutive visits. NULL when the address could not be located (or the
-- provider gives no coordinates); the route rule then uses the fixed gap and flags the visit.
ALTER TABLE bookings ADD COLUMN location_lat double precision;
ALTER TABLE bookings ADD COLUMN location_lon double precision;
ALTER TABLE bookings ADD CONSTRAINT bookings_location_pair CHECK ((location_lat IS NULL) = (location_lon IS NULL));
ALTER TABLE bookings ADD CONSTRAINT bookings_location_range CHECK (
  location_lat IS NULL OR (location_lat BETWEEN -90 AND 90 AND location_lon BETWEEN -180 AND 180)
);
