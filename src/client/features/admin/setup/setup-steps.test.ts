import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  missingSteps,
  nextStep,
  setupRoute,
  stepCountText,
  stepFromSearch,
  stepPath,
} from './setup-steps';

describe('the setup steps', () => {
  it('reads the step from the address, ignoring anything else', () => {
    expect(stepFromSearch('?step=base')).toBe('base');
    expect(stepFromSearch('step=hours&x=1')).toBe('hours');
    expect(stepFromSearch('')).toBeNull();
    expect(stepFromSearch('?step=admin')).toBeNull();
  });

  it('goes through the steps in order, then to the dashboard', () => {
    expect(nextStep('account')).toBe('practice');
    expect(nextStep('practice')).toBe('base');
    expect(nextStep('hours')).toBe('service');
    expect(nextStep('service')).toBeNull();
    expect(stepPath('account')).toBe('/admin/setup');
    expect(stepPath('area')).toBe('/admin/setup?step=area');
    expect(stepCountText('area')).toBe('Step 4 of 6');
  });

  it('shows the account while setup is needed, a later step only to her, and sends anyone else on', () => {
    expect(setupRoute(true, false, null)).toEqual({ show: 'account' });
    expect(setupRoute(true, false, 'hours')).toEqual({ show: 'account' });
    expect(setupRoute(false, false, 'hours')).toEqual({ redirect: '/admin/login' });
    expect(setupRoute(false, true, 'hours')).toEqual({ show: 'hours' });
    expect(setupRoute(false, true, null)).toEqual({ redirect: '/admin' });
    expect(setupRoute(false, true, 'account')).toEqual({ redirect: '/admin' });
    // Her account was just created: the next step shows before GET /api/setup is asked again.
    expect(setupRoute(true, true, 'practice')).toEqual({ show: 'practice' });
  });

  it('reads fees typed in dollars as cents', () => {
    expect(dollarsToCents('10')).toBe(1000);
    expect(dollarsToCents(' $12.5 ')).toBe(1250);
    expect(dollarsToCents('0.05')).toBe(5);
    expect(dollarsToCents('ten')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNull();
    expect(centsToDollars(1000)).toBe('10');
    expect(centsToDollars(1250)).toBe('12.50');
  });
});

describe('what the site still lacks', () => {
  it('lists the steps she skipped that left something out, in order', () => {
    const ready = { baseAddress: '12 Kapiti Road, Paraparaumu', localTowns: ['Paraparaumu'], openDays: 5, services: 1 };
    expect(missingSteps(ready)).toEqual([]);
    expect(missingSteps({ baseAddress: null, localTowns: [], openDays: 0, services: 0 })).toEqual([
      'base',
      'area',
      'hours',
      'service',
    ]);
    expect(missingSteps({ ...ready, openDays: 0 })).toEqual(['hours']);
  });
});
