/** Known data in every test database (on top of the demo content). */
export const TEST_ADMIN = {
  username: 'admin',
  password: 'test-password-123',
  name: 'Aroha Tester',
  email: 'admin@example.nz',
};
/** Cheap scrypt cost for the test admin only, so sign-ins in tests are fast. */
export const TEST_HASH_COST = { logN: 10, r: 8, p: 1 };

export const TEST_ENV = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  LOG_LEVEL: 'silent',
  // A test that sets a Google key must never reach Google: a closed port unless it names its fake.
  GOOGLE_GEOCODING_URL: 'http://127.0.0.1:9/geocode/json',
  // The test calendar servers listen on loopback; the guard's refusals are tested with it off.
  CALENDAR_ALLOW_PRIVATE_URLS: 'true',
  // Tests sync by hand (POST .../sync, syncDueCalendars), never on a timer.
  CALENDAR_SYNC_ENABLED: 'false',
  // Suites book many times from one address; tests/api/security/booking-limit.test.ts sets a limit explicitly.
  BOOKING_REQUESTS_PER_HOUR: '0',
  // A fixed key, so no test writes a key file (secret-box.test.ts tests that).
  SECRET_KEY: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
} as const;
