import L from 'leaflet';
import { feature } from 'topojson-client';
import countriesUrl from 'world-atlas/countries-110m.json?url';

/*
 * What the map is drawn on (docs/decisions/053-the-map.md): the tile service the server names (MAP_TILE_URL), or,
 * with none, an offline basemap shipped with the product: Natural Earth's countries at 1:110m (world-atlas, 39 KB
 * gzipped, fetched from our own server with the map's code) and the names of the world's largest cities. Nothing is
 * asked of any outside service.
 */

export type MapTiles = { url: string; attribution: string };

/** The biggest cities, to find one's way on the offline basemap: name, latitude, longitude. */
const CITIES: ReadonlyArray<readonly [string, number, number]> = [
  ['Tokyo', 35.69, 139.69], ['Delhi', 28.61, 77.21], ['Shanghai', 31.23, 121.47], ['São Paulo', -23.55, -46.63],
  ['Mexico City', 19.43, -99.13], ['Cairo', 30.04, 31.24], ['Mumbai', 19.08, 72.88], ['Beijing', 39.9, 116.41],
  ['Dhaka', 23.81, 90.41], ['Osaka', 34.69, 135.5], ['New York', 40.71, -74.01], ['Karachi', 24.86, 67.01],
  ['Buenos Aires', -34.6, -58.38], ['Istanbul', 41.01, 28.98], ['Lagos', 6.52, 3.38], ['Manila', 14.6, 120.98],
  ['Rio de Janeiro', -22.91, -43.17], ['Los Angeles', 34.05, -118.24], ['Moscow', 55.76, 37.62], ['Paris', 48.86, 2.35],
  ['London', 51.51, -0.13], ['Bangkok', 13.76, 100.5], ['Jakarta', -6.21, 106.85], ['Lima', -12.05, -77.04],
  ['Bogotá', 4.71, -74.07], ['Johannesburg', -26.2, 28.05], ['Sydney', -33.87, 151.21], ['Madrid', 40.42, -3.7],
  ['Lisbon', 38.72, -9.14], ['Rome', 41.9, 12.5], ['Berlin', 52.52, 13.4], ['Nairobi', -1.29, 36.82],
  ['Toronto', 43.65, -79.38], ['Chicago', 41.88, -87.63], ['Singapore', 1.35, 103.82], ['Dubai', 25.2, 55.27],
  ['Auckland', -36.85, 174.76], ['Reykjavík', 64.15, -21.94], ['Anchorage', 61.22, -149.9], ['Cape Town', -33.92, 18.42],
];

/** Puts the basemap under `map`'s markers. */
export function addBasemap(map: L.Map, tiles: MapTiles | undefined): void {
  if (tiles) {
    // The credit is configuration, shown as text: Leaflet would read it as HTML.
    L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map);
    return;
  }
  map.getContainer().classList.add('staybook-offline-map');
  map.attributionControl.addAttribution('Natural Earth');
  void fetch(countriesUrl)
    .then((response) => response.json() as Promise<Parameters<typeof feature>[0]>)
    .then((topology) => {
      const countries = topology.objects['countries'];
      if (!countries) return;
      L.geoJSON(feature(topology, countries), {
        interactive: false,
        style: { color: '#a3a3a3', weight: 1, fillColor: '#f5f5f4', fillOpacity: 1 },
      }).addTo(map);
      addCityNames(map);
    })
    // Without the outlines the map still works: markers on an empty sea.
    .catch(() => undefined);
}

function addCityNames(map: L.Map): void {
  const names = L.layerGroup(
    CITIES.map(([name, latitude, longitude]) =>
      L.marker([latitude, longitude], {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'staybook-city-name', html: `<span aria-hidden="true">${escapeHtml(name)}</span>`, iconSize: undefined }),
      }),
    ),
  );
  // From a continent's scale: a world view would be all names.
  const follow = () => {
    if (map.getZoom() >= 3) names.addTo(map);
    else names.remove();
  };
  map.on('zoomend', follow);
  follow();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
