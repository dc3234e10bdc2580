import { describe, expect, it } from 'vitest';
import { displayServiceName, nextDurationOption, serviceOptions } from './service-options';

describe('serviceOptions', () => {
  it('uses durationOptions, parsing them when they arrive as JSON text', () => {
    const options = [
      { duration: 60, price: 8000 },
      { duration: 90, price: 12000 },
    ];
    expect(serviceOptions({ durationOptions: options })).toEqual(options);
    expect(serviceOptions({ durationOptions: JSON.stringify(options) })).toEqual(options);
  });

  it('falls back to one option from duration and price', () => {
    expect(serviceOptions({ id: 3, duration: 90, price: 15000 })).toEqual([{ duration: 90, price: 15000 }]);
    expect(serviceOptions({ id: 3, durationOptions: 'not json', duration: 30, price: 5000 })).toEqual([
      { duration: 30, price: 5000 },
    ]);
  });

  it('defaults to 60 minutes, and service 1 to Swedish Massage at 8000 cents', () => {
    expect(serviceOptions({ id: 1 })).toEqual([{ duration: 60, price: 8000 }]);
    expect(serviceOptions({ id: 7, durationOptions: [] })).toEqual([{ duration: 60, price: 0 }]);
  });
});

describe('displayServiceName', () => {
  it('strips a trailing duration suffix', () => {
    expect(displayServiceName('Swedish Massage - 60 min')).toBe('Swedish Massage');
    expect(displayServiceName('Deep Tissue – 90 mins')).toBe('Deep Tissue');
    expect(displayServiceName('Hot Stone Massage')).toBe('Hot Stone Massage');
  });
});

describe('nextDurationOption', () => {
  it('adds 30 minutes and multiplies the price by 1.5, rounded', () => {
    expect(nextDurationOption([{ duration: 60, price: 8000 }])).toEqual({ duration: 90, price: 12000 });
    expect(nextDurationOption([{ duration: 30, price: 3333 }])).toEqual({ duration: 60, price: 5000 });
    expect(nextDurationOption([])).toEqual({ duration: 60, price: 8000 });
  });
});
