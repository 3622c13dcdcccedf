import 'leaflet/dist/leaflet.css';
import './map.css';
import { wrapLongitude, type Position } from '@staybook/domain/geo';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMapTiles } from '../utils/use-map-tiles';
import { addBasemap } from '../utils/basemap';
import { i18n } from '../../../lib/i18n';

/*
 * The room form's pin (docs/decisions/053-the-map.md), loaded only with the form: the host clicks the map or drags the
 * pin to place it exactly; the latitude and longitude fields beside it follow, and the map follows them.
 */

type PinMapProps = {
  /** The pin as the form holds it; null while it has none. */
  position: Position | null;
  onPlace: (position: Position) => void;
};

/** Six decimals: about 10 cm, as exact as a host can point. */
const roundTo6 = (n: number) => Math.round(n * 1e6) / 1e6;

const PIN_ICON = L.divIcon({
  className: 'staybook-pin',
  html: '<svg width="30" height="40" viewBox="0 0 30 40" aria-hidden="true"><path d="M15 0C6.7 0 0 6.7 0 15c0 11.3 15 25 15 25s15-13.7 15-25C30 6.7 23.3 0 15 0z" fill="#e11d48" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 40],
});

export function PinMap({ position, onPlace }: PinMapProps) {
  const { known: tilesKnown, tiles } = useMapTiles();
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const place = useRef(onPlace);
  useEffect(() => {
    place.current = onPlace;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !tilesKnown) return;
    const created = L.map(container, { worldCopyJump: true, minZoom: 1, maxZoom: 18 });
    created.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    addBasemap(created, tiles);
    created.setView([20, 0], 1);
    created.on('click', (event: L.LeafletMouseEvent) => {
      place.current({ latitude: roundTo6(event.latlng.lat), longitude: roundTo6(wrapLongitude(event.latlng.lng)) });
    });
    setMap(created);
    return () => {
      created.remove();
      marker.current = null;
      setMap(null);
    };
  }, [tilesKnown, tiles]);

  const latitude = position?.latitude;
  const longitude = position?.longitude;
  useEffect(() => {
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = L.latLng(latitude, longitude);
    if (!marker.current) {
      const pin = L.marker(at, { draggable: true, keyboard: false, icon: PIN_ICON, title: 'The pin' });
      pin.on('dragend', () => {
        const moved = pin.getLatLng();
        place.current({ latitude: roundTo6(moved.lat), longitude: roundTo6(wrapLongitude(moved.lng)) });
      });
      marker.current = pin.addTo(map);
      map.setView(at, Math.max(map.getZoom(), 13), { animate: false });
      return;
    }
    marker.current.setLatLng(at);
    // A pin placed far away (a suggested place, typed numbers) is brought into view; a nearby one leaves the view as it is.
    if (!map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), 13), { animate: false });
  }, [map, latitude, longitude]);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={i18n.t('Map of the pin: click the map or drag the pin to place it')}
      data-testid="pin-map"
      className="isolate h-64 w-full rounded-lg border border-neutral-300"
    />
  );
}

export default PinMap;
