import { describe, expect, it } from 'vitest';
import { testPractice } from '../mail/booking.fixture';
import { emailContext } from '../mail/email-kinds';
import { allClearEmail, overdueEmail } from './emails';

const ctx = emailContext({ practice: testPractice, publicUrl: 'https://x.nz', mail: { notifyTo: 'n@x.nz' } as never });
const visit = {
  bookingId: 7,
  address: '12 Bow Street, Raglan',
  arrivedAt: new Date('2026-03-02T21:00:00Z'), // 10:00 AM NZ (daylight time)
  endsAt: new Date('2026-03-02T22:00:00Z'),
  graceMinutes: 30,
};
const contact = { name: 'Mere', email: 'mere@example.nz' };

describe('the safety e-mails', () => {
  it('alert: the address, her arrival and the planned end in NZ time, her phone, and what to do', () => {
    const mail = overdueEmail(visit, contact, ctx);
    expect(mail).toMatchObject({ kind: 'safety_overdue', to: 'mere@example.nz', bookingId: 7 });
    expect(mail.text).toContain('12 Bow Street, Raglan');
    expect(mail.text).toMatch(/She arrived: +.+ at 10:00 AM \(NZ time\)/);
    expect(mail.text).toMatch(/Planned end: +.+ at 11:00 AM \(NZ time\)/);
    expect(mail.text).toContain(testPractice.phone);
    expect(mail.text).toMatch(/What to do/);
    expect(mail.html).toContain('12 Bow Street, Raglan');
  });

  it('all-clear: once she left, with the times', () => {
    const mail = allClearEmail({ ...visit, leftAt: new Date('2026-03-02T22:40:00Z') }, contact, ctx);
    expect(mail.kind).toBe('safety_all_clear');
    expect(mail.subject).toMatch(/^All clear/);
    expect(mail.text).toMatch(/She left: +.+ at 11:40 AM \(NZ time\)/);
  });
});
