import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlWarning } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeNull();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.seedDemoData).toBe(true);
    expect(c.trustProxy).toBe(false);
    expect(c.bootstrapAdmin).toBeNull();
    expect(c.practice.localTowns).toEqual(['Raglan', 'Te Uku']);
    expect(c.booking.requestsPerHour).toBe(10);
  });

  it('reads overrides from the environment', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://massage.example.nz/',
      PRACTICE_NAME: 'Coromandel Massage',
      PRACTICE_LOCAL_TOWNS: 'Whitianga, Coroglen',
      PRACTICE_BASE_LAT: '-36.83',
      PRACTICE_BASE_LON: '175.70',
    });
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://massage.example.nz');
    expect(c.seedDemoData).toBe(false);
    expect(c.trustProxy).toBe(1);
    expect(c.practice.name).toBe('Coromandel Massage');
    expect(c.practice.localTowns).toEqual(['Whitianga', 'Coroglen']);
    expect(c.practice.base).toEqual({ lat: -36.83, lon: 175.7 });
  });

  it("a production start without the demo starts from the starter profile: no fictional practice's money details", () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.practice.name).toBe('Mobile Massage');
    expect(c.practice.gstNumber).toBeNull();
    expect(c.practice.bankAccount).toBeNull();
    expect(c.practice.businessAddress).toBeNull();
    expect(c.practice.membershipNumber).toBeNull();
    expect(c.practice.socialUrl).toBeNull();
    expect(c.practice.localTowns).toEqual([]);
    expect(JSON.stringify(c.practice)).not.toMatch(/Raglan|Aroha|Whāingaroa|Waikato/);
    // With the demo asked for, the demo practice; a profile she names always wins.
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).practice.gstNumber).toBe('49-091-850');
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).practice.name).toBe('Mobile Massage');
    const named = loadConfig({ NODE_ENV: 'production', PRACTICE_PROFILE: 'config/practice.json' });
    expect(named.practice.name).toBe('Whāingaroa Mobile Massage');
  });

  it('a production start without PUBLIC_URL is told its e-mails would link to localhost', () => {
    expect(publicUrlWarning(loadConfig({ NODE_ENV: 'production', PORT: '8080' }))).toBe(
      "PUBLIC_URL is not set: links in e-mails point at http://localhost:8080. Set it to the site's own address (https://…)",
    );
    expect(
      publicUrlWarning(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://massage.example.nz' })),
    ).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });

  it('BOOKING_REQUESTS_PER_HOUR sets the per-address limit; 0 turns it off', () => {
    expect(loadConfig({ BOOKING_REQUESTS_PER_HOUR: '3' }).booking.requestsPerHour).toBe(3);
    expect(loadConfig({ BOOKING_REQUESTS_PER_HOUR: '0' }).booking.requestsPerHour).toBeNull();
    expect(() => loadConfig({ BOOKING_REQUESTS_PER_HOUR: '-1' })).toThrow(/BOOKING_REQUESTS_PER_HOUR/);
    expect(() => loadConfig({ BOOKING_REQUESTS_PER_HOUR: '2.5' })).toThrow(/BOOKING_REQUESTS_PER_HOUR/);
  });

  it('refuses invalid settings with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PRACTICE_EMAIL: 'not-an-email' })).toThrow(/email/);
    expect(() => loadConfig({ PRACTICE_PROFILE: '/nonexistent/profile.json' })).toThrow(
      /Cannot read the practice profile/,
    );
  });
});
