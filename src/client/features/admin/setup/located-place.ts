/** How she checks a located base without map tiles: its coordinates and a link to OpenStreetMap at that point. */
export interface LatLon {
  lat: number;
  lon: number;
}

const fixed = (n: number) => n.toFixed(5);

/** '-40.91520, 175.00570' (five decimals: about a metre). */
export const coordinatesText = (p: LatLon): string => `${fixed(p.lat)}, ${fixed(p.lon)}`;

export function openStreetMapUrl(p: LatLon): string {
  const lat = fixed(p.lat);
  const lon = fixed(p.lon);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}
