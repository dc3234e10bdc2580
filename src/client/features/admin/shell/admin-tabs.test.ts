import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, tabFromPath } from './admin-tabs';

describe('the tab a path selects', () => {
  it('selects Appointments for /admin and /admin/appointments, and the others by their first segment', () => {
    expect(tabFromPath('/admin')).toBe('appointments');
    expect(tabFromPath('/admin/')).toBe('appointments');
    expect(tabFromPath('/admin/appointments')).toBe('appointments');
    expect(tabFromPath('/admin/pending')).toBe('pending');
    expect(tabFromPath('/admin/pending/42?x=1')).toBe('pending');
    expect(tabFromPath('/admin/clients')).toBe('clients');
    expect(tabFromPath('/admin/clients/7')).toBe('clients');
    expect(tabFromPath('/admin/availability')).toBe('availability');
    expect(tabFromPath('/admin/reviews')).toBe('reviews');
    expect(tabFromPath('/admin/services')).toBe('services');
    expect(tabFromPath('/admin/outbox')).toBe('outbox');
    expect(tabFromPath('/admin/today')).toBe('today');
    expect(tabFromPath('/admin/settings')).toBe('settings');
    expect(tabFromPath('/admin/nothing')).toBeNull();
  });

  it('lists Clients right after Pending Requests', () => {
    expect(ADMIN_TABS.map((tab) => tab.id).slice(0, 3)).toEqual(['appointments', 'pending', 'clients']);
  });
});
