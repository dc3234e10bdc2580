-- Issue 40 (docs/decisions/035-openstreetmap-travel.md): whose distance a booking's travel quote is: Google's road,
-- an OpenStreetMap router's road, or the offline straight-line estimate, which her screens mark '(estimate)'. Null for
-- a booking made before this was kept, or one whose address was not located.
ALTER TABLE bookings ADD COLUMN travel_source text CHECK (travel_source IN ('google', 'osm', 'estimate'));
