/**
 * The address field (docs/product.md §2): with a Google Maps key served, Places suggestions
 * restricted to New Zealand fill the address and the travel quote follows (the server asks
 * the Distance Matrix, here a local stand-in); with no key, manual entry and the $10 hint.
 * Google's script is replaced by a fake that records how Autocomplete was set up: no
 * network leaves this machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { manualAddressHint } from '../../src/shared/messages';
import { baseUrl, openPage, useBrowser } from './browser';
import { startServer, type RunningServer } from './harness.mjs';
import { continueButton, field, pickLatestTimeSlot, serviceSelectButtons } from './wizard';

useBrowser();

const MAPS_KEY = 'e2e-maps-key';
const CHOSEN = '5 Wainui Road, Te Uku 3295, New Zealand';
let matrix: http.Server;
const matrixCalls: URLSearchParams[] = [];
let server: RunningServer;

beforeAll(async () => {
  // Google's Distance Matrix, as far as the server's provider reads it: 18.2 km, 21 min.
  matrix = http.createServer((req, res) => {
    const params = new URL(req.url!, 'http://x').searchParams;
    matrixCalls.push(params);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        status: 'OK',
        destination_addresses: [params.get('destinations')],
        rows: [{ elements: [{ status: 'OK', distance: { value: 18_200 }, duration: { value: 1_260 } }] }],
      }),
    );
  });
  await new Promise<void>((resolve) => matrix.listen(0, '127.0.0.1', resolve));
  const { port } = matrix.address() as AddressInfo;
  server = await startServer({
    quiet: true,
    env: {
      GOOGLE_MAPS_API_KEY: MAPS_KEY,
      GOOGLE_DISTANCE_MATRIX_URL: `http://127.0.0.1:${port}/maps/api/distancematrix/json`,
      GOOGLE_GEOCODING_URL: 'http://127.0.0.1:9/geocode/json',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => matrix?.close(resolve));
});

/** Stands in for the Maps JS API: google.maps.places.Autocomplete that records its options. */
const FAKE_MAPS = `(function () {
  var params = new URL(document.currentScript.src).searchParams;
  function Autocomplete(input, options) {
    window.__places = { input: input, options: options, listeners: [], place: null };
  }
  Autocomplete.prototype.addListener = function (event, handler) {
    var listeners = window.__places.listeners;
    listeners.push(handler);
    return { remove: function () { listeners.splice(listeners.indexOf(handler), 1); } };
  };
  Autocomplete.prototype.getPlace = function () { return window.__places.place || {}; };
  window.google = { maps: { places: { Autocomplete: Autocomplete }, event: { clearInstanceListeners: function () {} } } };
  // What choosing a suggestion does: Google writes the input, then fires place_changed.
  window.__choosePlace = function (address) {
    window.__places.place = { formatted_address: address };
    window.__places.input.value = address;
    window.__places.listeners.forEach(function (handler) { handler(); });
  };
  window[params.get('callback')]();
})();`;

async function toDetailsStep(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/booking`);
  await serviceSelectButtons(page).first().click();
  await pickLatestTimeSlot(page);
  await continueButton(page).click();
  await field.address(page).waitFor();
}

describe('address with Google Places', () => {
  it('suggests New Zealand addresses, and the chosen one gets its travel quote', async () => {
    const page = await openPage(null);
    const scripts: string[] = [];
    await page.route('https://maps.googleapis.com/maps/api/js**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_MAPS });
    });
    await toDetailsStep(page, server.baseUrl);
    await page.getByText('Start typing, then choose your address from the suggestions.').waitFor();

    expect(scripts).toHaveLength(1);
    const loaded = new URL(scripts[0]!).searchParams;
    expect(loaded.get('key')).toBe(MAPS_KEY);
    expect(loaded.get('libraries')).toBe('places');
    const options = await page.evaluate<{ componentRestrictions: { country: string } }>('window.__places.options');
    expect(options.componentRestrictions.country).toBe('nz');

    await field.address(page).pressSequentially('5 Wainui');
    const quote = page.waitForResponse(
      (r) => r.url().endsWith('/api/calculate-travel') && (r.request().postData() ?? '').includes('Te Uku'),
      { timeout: 20_000 },
    );
    await page.evaluate(`window.__choosePlace(${JSON.stringify(CHOSEN)})`);
    const answer = (await (await quote).json()) as { distanceKm: number | null; travelCost: number };
    expect(answer.distanceKm).toBeCloseTo(18.2, 1);
    expect(await field.address(page).inputValue()).toBe(CHOSEN);
    await page
      .getByText(/18\.2 km/)
      .first()
      .waitFor();

    // The server asked the Distance Matrix for the chosen address, in New Zealand, with its key.
    const call = matrixCalls.find((p) => (p.get('destinations') ?? '').includes('Te Uku'));
    expect(call?.get('region')).toBe('nz');
    expect(call?.get('key')).toBe(MAPS_KEY);
  });
});

describe('address without a maps key', () => {
  it('is typed by hand, with the $10 hint, and loads nothing from Google', async () => {
    const page = await openPage(null);
    const google: string[] = [];
    page.on('request', (r) => {
      if (/googleapis|gstatic/.test(r.url())) google.push(r.url());
    });
    await toDetailsStep(page, baseUrl());
    // The e2e server runs with the default TRAVEL_FEE_CENTS (1000).
    await page.getByText(manualAddressHint(1000)).waitFor();
    expect(google).toEqual([]);
  });
});
