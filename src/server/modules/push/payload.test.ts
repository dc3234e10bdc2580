import { describe, expect, it } from 'vitest';
import {
  clientCancellationPush,
  newRequestPush,
  payloadOf,
  shortDay,
  shortTime,
  testPush,
  waitlistAcceptancePush,
} from './payload';
import { endpointProblem } from './send';
import { kindWanted } from './outbox';

const visit = {
  id: 7,
  serviceName: 'Swedish',
  duration: 60,
  date: '2026-12-03',
  time: '14:00',
  address: '12 Bow Street, Raglan 3225, New Zealand',
};

describe('what a push says', () => {
  it('names service, length, NZ day and time and suburb, as the issue writes it', () => {
    expect(newRequestPush(visit)).toEqual({
      kind: 'new-request',
      title: 'New request: Swedish 60 min, Thu 3 Dec 2 PM, Raglan',
      body: '2 PM NZ time. Open to accept or decline.',
      url: '/admin',
    });
    expect(clientCancellationPush({ ...visit, time: '09:30' }).title).toBe(
      'Cancelled: Swedish 60 min, Thu 3 Dec 9:30 AM, Raglan',
    );
    expect(waitlistAcceptancePush(visit).title).toBe('Waitlist booked: Swedish 60 min, Thu 3 Dec 2 PM, Raglan');
  });

  it('leaves the suburb out when the address has none, and never carries more than the facts given', () => {
    expect(newRequestPush({ ...visit, address: 'Raglan' }).title).toBe('New request: Swedish 60 min, Thu 3 Dec 2 PM');
    const payload = JSON.parse(payloadOf(newRequestPush(visit), 42)) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(['body', 'kind', 'tag', 'title', 'url']);
    expect(payload.tag).toBe('new-request-42');
    expect(JSON.stringify(payload)).not.toContain('Bow Street');
  });

  it('writes short NZ times and days', () => {
    expect(shortTime('00:00')).toBe('12 AM');
    expect(shortTime('12:15')).toBe('12:15 PM');
    expect(shortDay('2026-04-05')).toBe('Sun 5 Apr'); // the day DST ends in NZ
    expect(testPush().kind).toBe('test');
  });
});

describe('her switches', () => {
  const all = {
    id: 1,
    newRequest: true,
    clientCancellation: true,
    waitlistAcceptance: true,
    checkIn: true,
    updatedAt: new Date(),
  };
  it('silences only the kind turned off; the test push always goes', () => {
    const off = { ...all, newRequest: false, checkIn: false };
    expect(kindWanted('new-request', off)).toBe(false);
    expect(kindWanted('check-in', off)).toBe(false);
    expect(kindWanted('client-cancellation', off)).toBe(true);
    expect(kindWanted('test', { ...off, clientCancellation: false, waitlistAcceptance: false })).toBe(true);
  });
});

describe('push endpoints', () => {
  it('must be https on a public host; loopback http only with PUSH_ALLOW_LOOPBACK', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', false)).toMatch(/https/);
    expect(endpointProblem('https://127.0.0.1/x', false)).toMatch(/this machine/);
    expect(endpointProblem('https://192.168.1.5/x', false)).toMatch(/private network/);
    expect(endpointProblem('https://[::1]/x', false)).toMatch(/this machine/);
    expect(endpointProblem('https://localhost/x', false)).toMatch(/this machine/);
    expect(endpointProblem('http://127.0.0.1:4000/x', true)).toBeNull();
    expect(endpointProblem('http://10.0.0.1/x', true)).toMatch(/https/);
    expect(endpointProblem('nonsense', false)).toMatch(/not a URL/);
  });
});
