import { describe, expect, it } from 'vitest';
import {
  geocoderKindOf,
  nominatimSearchUrl,
  photonSearchUrl,
  pickLocality,
  readNominatim,
  readPhoton,
} from './osm-geocoder';
import { NOMINATIM_RIMU_ROAD, NOMINATIM_TE_HORO_VILLAGE, PHOTON_MAIN_STREET_OTAKI } from './osm.fixture';

describe('which geocoder a URL is', () => {
  it.each([
    ['https://nominatim.openstreetmap.org/search', 'nominatim'],
    ['https://nominatim.openstreetmap.org/search?format=jsonv2&countrycodes=nz', 'nominatim'],
    ['http://127.0.0.1:8080/', 'nominatim'],
    ['https://photon.komoot.io/api', 'photon'],
    ['https://photon.komoot.io/api/', 'photon'],
    ['http://geo.example.nz:2322/api', 'photon'],
  ] as const)('%s is %s', (url, kind) => expect(geocoderKindOf(url)).toBe(kind));

  it('GEOCODER_KIND has the last word', () => {
    expect(geocoderKindOf('http://geo.example.nz/', 'photon')).toBe('photon');
  });
});

describe('the requests', () => {
  it('Nominatim: /search, jsonv2, New Zealand only, with address details', () => {
    const url = nominatimSearchUrl('https://nominatim.openstreetmap.org/', '12 Rimu Road, Raumati Beach', 1);
    expect(url.origin + url.pathname).toBe('https://nominatim.openstreetmap.org/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      countrycodes: 'nz',
      addressdetails: '1',
      limit: '1',
      q: '12 Rimu Road, Raumati Beach',
    });
    // A URL that already names the path and the format keeps the path; the query is ours.
    const given = nominatimSearchUrl('http://127.0.0.1:7070/search?format=json&countrycodes=nz', 'Ōtaki', 5);
    expect(given.pathname).toBe('/search');
    expect(given.searchParams.get('format')).toBe('jsonv2');
    expect(given.searchParams.get('q')).toBe('Ōtaki');
  });

  it("Photon: /api with q, a limit and New Zealand's box", () => {
    const url = photonSearchUrl('https://photon.komoot.io', '20 Main Street, Ōtaki', 5);
    expect(url.pathname).toBe('/api');
    expect(url.searchParams.get('q')).toBe('20 Main Street, Ōtaki');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('bbox')).toBe('166,-47.5,178.9,-34');
  });
});

describe('reading the answers', () => {
  it('Nominatim: the point, the address as written in New Zealand, the localities most specific first', () => {
    expect(readNominatim(NOMINATIM_RIMU_ROAD)).toEqual([
      {
        lat: -40.9291873,
        lon: 174.9830412,
        label: '12 Rimu Road, Raumati Beach, Paraparaumu 5032',
        localities: ['Raumati Beach', 'Paraparaumu'],
      },
    ]);
    expect(readNominatim(NOMINATIM_TE_HORO_VILLAGE)).toEqual([
      { lat: -40.8019, lon: 175.1043, label: 'Te Horo', localities: ['Te Horo'] },
    ]);
  });

  it('Nominatim: found nothing is an empty list; another shape is not understood (null)', () => {
    expect(readNominatim([])).toEqual([]);
    expect(readNominatim({ error: 'Unable to geocode' })).toBeNull();
    expect(
      readNominatim([
        { lat: 'x', lon: '1' },
        { lat: '-41', lon: '175', address: { country_code: 'au' } },
      ]),
    ).toEqual([]);
  });

  it('Photon: New Zealand features only, [lon, lat] turned round; a town is its own locality', () => {
    expect(readPhoton(PHOTON_MAIN_STREET_OTAKI)).toEqual([
      { lat: -40.7566, lon: 175.1502, label: '20 Main Street, Ōtaki 5512', localities: ['Ōtaki'] },
      { lat: -40.8833, lon: 175.0667, label: 'Waikanae', localities: ['Waikanae'] },
    ]);
    expect(readPhoton({ type: 'FeatureCollection', features: [] })).toEqual([]);
    expect(readPhoton({ message: 'bad request' })).toBeNull();
  });
});

describe('pickLocality', () => {
  it('a local town the place lies in wins; otherwise the most specific name', () => {
    expect(pickLocality(['Raumati Beach', 'Paraparaumu'], ['Paraparaumu', 'Waikanae'])).toBe('Paraparaumu');
    expect(pickLocality(['Raumati Beach', 'Paraparaumu'], ['Raumati beach'])).toBe('Raumati Beach');
    expect(pickLocality(['Te Horo'], ['Paraparaumu'])).toBe('Te Horo');
    expect(pickLocality([], ['Paraparaumu'])).toBeNull();
  });
});
