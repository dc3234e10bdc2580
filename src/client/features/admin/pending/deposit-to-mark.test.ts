import { describe, expect, it } from 'vitest';
import { depositToMark } from './deposit-to-mark';

describe('depositToMark', () => {
  it('records what the server says is still due while the deposit waits or is overdue', () => {
    expect(depositToMark({ depositStatus: 'waiting', depositDueCents: 2000 })).toBe(2000);
    expect(depositToMark({ depositStatus: 'overdue', depositDueCents: 1500 })).toBe(1500);
  });

  it('hides the button once nothing is due, or the deposit stands otherwise, or there is none', () => {
    expect(depositToMark({ depositStatus: 'waiting', depositDueCents: 0 })).toBeNull();
    expect(depositToMark({ depositStatus: 'received', depositDueCents: 0 })).toBeNull();
    expect(depositToMark({ depositStatus: 'kept', depositDueCents: 0 })).toBeNull();
    expect(depositToMark({ depositStatus: 'refunded', depositDueCents: 0 })).toBeNull();
    // Even were the two fields ever out of step, only a waiting deposit is marked.
    expect(depositToMark({ depositStatus: 'received', depositDueCents: 500 })).toBeNull();
    expect(depositToMark({ depositStatus: null, depositDueCents: 0 })).toBeNull();
  });
});
