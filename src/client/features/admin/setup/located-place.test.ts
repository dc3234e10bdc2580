import { expect, it } from 'vitest';
import { coordinatesText, openStreetMapUrl } from './located-place';

it('shows a located place as coordinates and a link to it on OpenStreetMap', () => {
  const paraparaumu = { lat: -40.9146, lon: 175.0059 };
  expect(coordinatesText(paraparaumu)).toBe('-40.91460, 175.00590');
  expect(openStreetMapUrl(paraparaumu)).toBe(
    'https://www.openstreetmap.org/?mlat=-40.91460&mlon=175.00590#map=15/-40.91460/175.00590',
  );
});
