import { describe, expect, it } from 'vitest';
import { initialWizardState, parseWizardParams, serviceChoice } from './wizard-state';

const services = [
  {
    id: 1,
    name: 'Swedish Massage',
    duration: 60,
    price: 8000,
    durationOptions: [
      { duration: 60, price: 8000 },
      { duration: 90, price: 12000 },
    ],
  },
  { id: 2, name: 'Deep Tissue', duration: 60, price: 9000, durationOptions: [] },
];

describe('parseWizardParams', () => {
  it('reads the home-card link', () => {
    expect(parseWizardParams('?serviceId=1&duration=90&price=12000&step=2')).toEqual({
      serviceId: 1,
      duration: 90,
      price: 12000,
      step: 2,
    });
    expect(parseWizardParams('serviceId=2')).toEqual({ serviceId: 2, duration: null, price: null, step: null });
  });

  it('drops malformed values', () => {
    expect(parseWizardParams('?serviceId=abc&duration=-5&price=1.5&step=0')).toEqual({
      serviceId: null,
      duration: null,
      price: null,
      step: null,
    });
    expect(parseWizardParams('')).toEqual({ serviceId: null, duration: null, price: null, step: null });
  });
});

describe('initialWizardState', () => {
  it('starts at step 2 with the linked service and duration', () => {
    const state = initialWizardState(parseWizardParams('?serviceId=1&duration=90&price=12000&step=2'), services);
    expect(state.step).toBe(2);
    expect(state.service?.id).toBe(1);
    expect(state.option).toEqual({ duration: 90, price: 12000 });
  });

  it('takes the price from the service, not the link', () => {
    const state = initialWizardState(parseWizardParams('?serviceId=1&duration=90&price=1&step=2'), services);
    expect(state.option?.price).toBe(12000);
  });

  it('falls back to the first option for an unknown duration', () => {
    expect(initialWizardState(parseWizardParams('?serviceId=1&duration=45&step=2'), services).option).toEqual({
      duration: 60,
      price: 8000,
    });
    expect(initialWizardState(parseWizardParams('?serviceId=2&step=2'), services).option).toEqual({
      duration: 60,
      price: 9000,
    });
  });

  it('preselects without a step, at step 1', () => {
    const state = initialWizardState(parseWizardParams('?serviceId=1'), services);
    expect(state.step).toBe(1);
    expect(state.service?.id).toBe(1);
  });

  it('never starts past step 2, and needs a known service for step 2', () => {
    expect(initialWizardState(parseWizardParams('?serviceId=1&step=3'), services).step).toBe(2);
    expect(initialWizardState(parseWizardParams('?serviceId=9&step=2'), services)).toEqual({
      step: 1,
      service: null,
      option: null,
    });
    expect(initialWizardState(parseWizardParams('?step=2'), services).step).toBe(1);
  });
});

describe('serviceChoice', () => {
  it('advances with a new service and clears the date and time', () => {
    expect(serviceChoice({ serviceId: null, duration: null }, { serviceId: 1, duration: 60 })).toEqual({
      changed: true,
      advance: true,
    });
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 2, duration: 60 })).toEqual({
      changed: true,
      advance: true,
    });
  });

  it('only updates the card when the chosen card switches length', () => {
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 1, duration: 90 })).toEqual({
      changed: true,
      advance: false,
    });
  });

  it('keeps the date and time when the same choice is selected again', () => {
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 1, duration: 60 })).toEqual({
      changed: false,
      advance: true,
    });
  });
});
