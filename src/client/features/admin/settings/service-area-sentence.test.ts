import { describe, expect, it } from 'vitest';
import { feeText, listText, serviceAreaSentence } from './service-area-sentence';

const AREA = { maxKm: 40, extendedFromKm: 30, outsideLocalFeeCents: 1000, extendedFeeCents: 2000 };

describe('serviceAreaSentence', () => {
  it('says where travel is free, each fee and its distances, and the limit', () => {
    expect(serviceAreaSentence(AREA, ['Paraparaumu', 'Waikanae', 'Ōtaki'])).toBe(
      'Free within Paraparaumu, Waikanae and Ōtaki; $10 up to 30 km; $20 from 30 to 40 km; no bookings beyond 40 km.',
    );
  });
  it('leaves out what does not apply', () => {
    expect(serviceAreaSentence(AREA, [])).toBe('$10 up to 30 km; $20 from 30 to 40 km; no bookings beyond 40 km.');
    expect(serviceAreaSentence({ ...AREA, outsideLocalFeeCents: 0 }, ['Raglan'])).toBe(
      'Free within Raglan; no fee up to 30 km; $20 from 30 to 40 km; no bookings beyond 40 km.',
    );
    expect(serviceAreaSentence({ ...AREA, outsideLocalFeeCents: 0, extendedFeeCents: 0 }, ['Raglan'])).toBe(
      'No fee up to 30 km; no fee from 30 to 40 km; no bookings beyond 40 km.',
    );
    expect(serviceAreaSentence({ ...AREA, extendedFromKm: 40 }, ['Raglan'])).toBe(
      'Free within Raglan; $10 up to 40 km; no bookings beyond 40 km.',
    );
    expect(serviceAreaSentence({ ...AREA, extendedFromKm: 0, extendedFeeCents: 1250 }, ['Raglan'])).toBe(
      'Free within Raglan; $12.50 up to 40 km; no bookings beyond 40 km.',
    );
  });
  it('writes fees and lists as people do', () => {
    expect(feeText(1000)).toBe('$10');
    expect(feeText(1050)).toBe('$10.50');
    expect(listText(['A'])).toBe('A');
    expect(listText(['A', 'B'])).toBe('A and B');
  });
});
