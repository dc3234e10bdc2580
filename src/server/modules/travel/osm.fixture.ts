/**
 * Answers in the shapes the OpenStreetMap services document (shared by the unit tests): Nominatim's jsonv2 search
 * with address details (https://nominatim.org/release-docs/latest/api/Output/), Photon's GeoJSON
 * (https://github.com/komoot/photon#search-api), OSRM's route service
 * (https://project-osrm.org/docs/v5.24.0/api/#route-service) and Valhalla's route
 * (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/#outputs-of-a-route).
 */
export const NOMINATIM_RIMU_ROAD = [
  {
    place_id: 215634521,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 4361723189,
    lat: '-40.9291873',
    lon: '174.9830412',
    category: 'place',
    type: 'house',
    place_rank: 30,
    importance: 0.00000999999999995449,
    addresstype: 'place',
    name: '',
    display_name:
      '12, Rimu Road, Raumati Beach, Paraparaumu, Kāpiti Coast District, Wellington, 5032, New Zealand / Aotearoa',
    address: {
      house_number: '12',
      road: 'Rimu Road',
      suburb: 'Raumati Beach',
      town: 'Paraparaumu',
      county: 'Kāpiti Coast District',
      state: 'Wellington',
      'ISO3166-2-lvl4': 'NZ-WGN',
      postcode: '5032',
      country: 'New Zealand / Aotearoa',
      country_code: 'nz',
    },
    boundingbox: ['-40.9292373', '-40.9291373', '174.9829912', '174.9830912'],
  },
];

export const NOMINATIM_TE_HORO_VILLAGE = [
  {
    place_id: 1089,
    osm_type: 'node',
    osm_id: 305419,
    lat: '-40.8019',
    lon: '175.1043',
    category: 'place',
    type: 'village',
    name: 'Te Horo',
    display_name: 'Te Horo, Kāpiti Coast District, Wellington, New Zealand / Aotearoa',
    address: { village: 'Te Horo', county: 'Kāpiti Coast District', state: 'Wellington', country_code: 'nz' },
  },
];

export const PHOTON_MAIN_STREET_OTAKI = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [175.1502, -40.7566] },
      properties: {
        osm_type: 'N',
        osm_id: 2843213,
        osm_key: 'place',
        osm_value: 'house',
        type: 'house',
        housenumber: '20',
        street: 'Main Street',
        district: 'Ōtaki',
        city: 'Ōtaki',
        county: 'Kāpiti Coast District',
        state: 'Wellington',
        postcode: '5512',
        country: 'New Zealand / Aotearoa',
        countrycode: 'NZ',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [151.2, -33.87] },
      properties: { type: 'street', street: 'Main Street', city: 'Sydney', countrycode: 'AU', name: 'Main Street' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [175.0667, -40.8833] },
      properties: { type: 'city', name: 'Waikanae', county: 'Kāpiti Coast District', countrycode: 'NZ' },
    },
  ],
};

export const OSRM_OK = {
  code: 'Ok',
  routes: [
    {
      geometry: 'nqrwFoh{o`@...',
      legs: [{ steps: [], summary: '', weight: 1122.4, duration: 1122.4, distance: 20436.7 }],
      weight_name: 'routability',
      weight: 1122.4,
      duration: 1122.4,
      distance: 20436.7,
    },
  ],
  waypoints: [
    { hint: 'abc', distance: 3.2, name: 'Kāpiti Road', location: [175.006994, -40.914708] },
    { hint: 'def', distance: 1.1, name: 'Main Street', location: [175.150193, -40.756622] },
  ],
};

export const OSRM_NO_ROUTE = { code: 'NoRoute', message: 'Impossible route between points' };

export const VALHALLA_OK = {
  trip: {
    locations: [
      { type: 'break', lat: -40.914708, lon: 175.006994, original_index: 0 },
      { type: 'break', lat: -40.875, lon: 175.064, original_index: 1 },
    ],
    legs: [{ summary: { length: 9.412, time: 642.1 }, shape: '...' }],
    summary: {
      has_toll: false,
      min_lat: -40.9147,
      min_lon: 175.0069,
      max_lat: -40.875,
      max_lon: 175.064,
      time: 642.1,
      length: 9.412,
      cost: 711.5,
    },
    status_message: 'Found route between points',
    status: 0,
    units: 'kilometers',
    language: 'en-US',
  },
};

export const VALHALLA_NO_PATH = {
  error_code: 442,
  error: 'No path could be found for input',
  status_code: 400,
  status: 'Bad Request',
};

/** OSRM's table service, two sources to two destinations (https://project-osrm.org/docs/v5.24.0/api/#table-service). */
export const OSRM_TABLE_2X2 = {
  code: 'Ok',
  durations: [
    [0, 1030.4],
    [1028.9, null],
  ],
  distances: [
    [0, 20440.2],
    [20398.7, null],
  ],
  sources: [
    { hint: 'x', distance: 2.1, name: 'Kāpiti Road', location: [175.007, -40.9147] },
    { hint: 'y', distance: 4.3, name: 'Main Street', location: [175.1502, -40.7566] },
  ],
  destinations: [
    { hint: 'x', distance: 2.1, name: 'Kāpiti Road', location: [175.007, -40.9147] },
    { hint: 'z', distance: 9.9, name: '', location: [176.0, -39.0] },
  ],
};

/**
 * Valhalla's time-distance matrix, verbose (https://valhalla.github.io/valhalla/api/matrix/api-reference/#outputs-of-the-matrix-service):
 * one source, two targets, the second unreachable.
 */
export const VALHALLA_MATRIX_1X2 = {
  sources_to_targets: [
    [
      { distance: 20.44, time: 1030, to_index: 0, from_index: 0 },
      { distance: null, time: null, to_index: 1, from_index: 0 },
    ],
  ],
  sources: [[{ lon: 175.007, lat: -40.9147 }]],
  targets: [
    [
      { lon: 175.1502, lat: -40.7566 },
      { lon: 176.0, lat: -39.0 },
    ],
  ],
  units: 'kilometers',
};
