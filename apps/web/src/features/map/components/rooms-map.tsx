import 'leaflet/dist/leaflet.css';
import './map.css';
import { imageAtWidth } from '@staybook/domain/images';
import { formatMoney } from '@staybook/domain/money';
import type { ListedRoom } from '@staybook/domain/rooms';
import { searchToQuery, type RoomSearch } from '@staybook/domain/search';
import L from 'leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useMapTiles } from '../utils/use-map-tiles';
import { useRooms } from '../../rooms/api/use-rooms';
import { roomLink } from '../../rooms/components/room-card';
import type { SharedValue } from '../../../lib/shared-value';
import { addBasemap } from '../utils/basemap';
import { areaOfView, sameArea, viewAround, viewOfArea } from '../utils/map-area';
import { i18n } from '../../../lib/i18n';

/*
 * The home page's map (docs/decisions/053-the-map.md), loaded only when someone opens it: a price marker for each home
 * the list has loaded, on its public circle's centre (never the pin), clustered where they crowd; a marker opens a
 * small card; with 'Search as I move the map' each pan or zoom searches the visible area, which the address keeps.
 */

type RoomsMapProps = {
  search: RoomSearch;
  onSearch: (search: RoomSearch) => void;
  /** The home whose card is hovered or focused in the list: its marker stands out. */
  highlighted: SharedValue<string | null>;
};

type MapMarker = { marker: L.Marker; button: HTMLButtonElement; roomId?: string };

type Located = ListedRoom & { area: NonNullable<ListedRoom['area']> };

/** A marker's accessible name: what it costs and which home it is. */
export function markerLabel(room: Pick<ListedRoom, 'priceCents' | 'title'>): string {
  return `${formatMoney(room.priceCents)} a night, ${room.title}`;
}

const WORLD: L.LatLngBoundsExpression = [[-60, -170], [75, 190]];

export function RoomsMap({ search, onSearch, highlighted }: RoomsMapProps) {
  const { known: tilesKnown, tiles } = useMapTiles();
  // While a moved map's search loads, the markers it had stay, instead of the map going empty under the pointer.
  const { data, isPlaceholderData } = useRooms(search, { keepPrevious: true });
  const rooms = useMemo(
    () => (data?.pages ?? []).flatMap((page) => page.items).filter((room): room is Located => room.area !== null),
    [data],
  );

  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [moveSearch, setMoveSearch] = useState(search.area !== undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [viewTick, setViewTick] = useState(0);
  const checkboxId = useId();

  // What the moveend listener reads: the latest, not the render's that created it.
  const latest = useRef({ search, onSearch, moveSearch });
  useEffect(() => {
    latest.current = { search, onSearch, moveSearch };
  });
  /** Moves the program makes (fitting the results or the address's area) search nothing. */
  const fitting = useRef(false);
  /** The area this map last searched, so its answer coming back through the address does not move the map. */
  const asked = useRef<RoomSearch['area']>(search.area);
  const fittedFor = useRef<string | null>(null);
  const markers = useRef(new Map<string, MapMarker>());

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !tilesKnown) return;
    const created = L.map(container, { worldCopyJump: true, minZoom: 1, maxZoom: 18, zoomSnap: 0.5 });
    created.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    addBasemap(created, tiles);
    const view = latest.current.search.area;
    fitting.current = true;
    if (view) created.fitBounds(latLngBounds(viewOfArea(view)), { animate: false });
    else created.fitBounds(WORLD, { animate: false });
    fitting.current = false;
    created.on('moveend', () => {
      setViewTick((n) => n + 1);
      const { search: current, onSearch: run, moveSearch: on } = latest.current;
      if (fitting.current || !on) return;
      const b = created.getBounds();
      const area = areaOfView({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
      if (sameArea(area, current.area)) return;
      asked.current = area;
      run({ ...current, area });
    });
    setMap(created);
    const drawn = markers.current;
    return () => {
      created.remove();
      drawn.clear();
      setMap(null);
    };
  }, [tilesKnown, tiles]);

  // A new search (a place, a filter) without an area shows its homes; an area from the address is shown as it is.
  const searchKey = searchToQuery({ ...search, area: undefined });
  useEffect(() => {
    if (!map) return;
    const fit = (bounds: L.LatLngBoundsExpression, maxZoom?: number) => {
      fitting.current = true;
      map.fitBounds(bounds, { animate: false, padding: [24, 24], ...(maxZoom ? { maxZoom } : {}) });
      fitting.current = false;
    };
    if (search.area) {
      if (!sameArea(search.area, asked.current)) fit(latLngBounds(viewOfArea(search.area)));
      asked.current = search.area;
      fittedFor.current = searchKey;
      return;
    }
    asked.current = undefined;
    if (fittedFor.current === searchKey || !data || isPlaceholderData) return;
    fittedFor.current = searchKey;
    const around = viewAround(rooms.map((room) => room.area));
    if (around) fit(latLngBounds(around), 12);
  }, [map, search.area, searchKey, data, isPlaceholderData, rooms]);

  // The markers: clustered for the view, kept while they stay (so a focused marker keeps its focus as the map moves).
  const index = useMemo(() => {
    const cluster = new Supercluster<{ roomId: string }>({ radius: 56, maxZoom: 16 });
    cluster.load(rooms.map((room) => ({ type: 'Feature', properties: { roomId: room._id }, geometry: { type: 'Point', coordinates: [room.area.longitude, room.area.latitude] } })));
    return cluster;
  }, [rooms]);
  const byId = useMemo(() => new Map(rooms.map((room) => [room._id, room])), [rooms]);
  const layer = useMemo(() => L.layerGroup(), []);
  useEffect(() => {
    if (!map) return;
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);

  useEffect(() => {
    if (!map) return;
    const b = map.getBounds();
    const zoom = Math.round(map.getZoom());
    const clusters = index.getClusters([b.getWest(), Math.max(-85, b.getSouth()), b.getEast(), Math.min(85, b.getNorth())], zoom);
    const wanted = new Set<string>();
    for (const point of clusters) {
      const [longitude, latitude] = point.geometry.coordinates as [number, number];
      const properties = point.properties as Partial<ClusterProperties> & { roomId?: string };
      if (properties.cluster) {
        const clusterId = properties.cluster_id!;
        const key = `cluster ${clusterId} ${properties.point_count}`;
        wanted.add(key);
        if (markers.current.has(key)) continue;
        const count = properties.point_count!;
        const button = markerButton(`${count}`, `${count} homes here: zoom in`, () => {
          map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterId), 18));
        });
        button.classList.add('is-cluster');
        markers.current.set(key, { marker: addMarker(layer, latitude, longitude, button), button });
      } else {
        const room = properties.roomId ? byId.get(properties.roomId) : undefined;
        if (!room) continue;
        const key = `room ${room._id} ${room.priceCents} ${room.title}`;
        wanted.add(key);
        if (markers.current.has(key)) continue;
        const button = markerButton(formatMoney(room.priceCents), markerLabel(room), () => setSelectedId(room._id));
        button.dataset['roomId'] = room._id;
        markers.current.set(key, { marker: addMarker(layer, latitude, longitude, button), button, roomId: room._id });
      }
    }
    for (const [key, { marker }] of markers.current) {
      if (wanted.has(key)) continue;
      layer.removeLayer(marker);
      markers.current.delete(key);
    }
    markHighlighted(markers.current, highlighted.get());
  }, [map, layer, index, byId, viewTick, highlighted]);

  const highlightedId = useSyncExternalStore(highlighted.subscribe, highlighted.get, () => null);
  useEffect(() => markHighlighted(markers.current, highlightedId), [highlightedId]);

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) cardRef.current?.focus();
  }, [selected]);
  const closeCard = () => {
    const id = selectedId;
    setSelectedId(null);
    // Back to the marker that opened it, for whoever came by keyboard.
    if (id) [...markers.current.values()].find((m) => m.roomId === id)?.button.focus();
  };

  return (
    <div className="relative isolate h-full w-full overflow-hidden rounded-xl border border-neutral-200">
      <div
        ref={containerRef}
        role="region"
        aria-label={i18n.t('Map: drag or use the arrow keys to move it, plus and minus to zoom')}
        className="h-full w-full"
        data-testid="rooms-map"
      />
      <div className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 rounded-lg bg-white px-3 py-2 shadow-md">
        <input
          id={checkboxId}
          type="checkbox"
          className="mr-2 accent-rose-600"
          checked={moveSearch}
          onChange={(event) => setMoveSearch(event.currentTarget.checked)}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-neutral-900">
          {i18n.t('Search as I move the map')}
        </label>
      </div>
      {selected && (
        // Focus comes to the card itself (not its link, which the key that opened it could follow at once).
        <section
          ref={cardRef}
          tabIndex={-1}
          aria-label={selected.title}
          data-testid="map-card"
          className="absolute right-3 bottom-8 left-3 z-[1000] mx-auto flex max-w-sm gap-3 rounded-xl bg-white p-2 shadow-lg focus-visible:outline-2 focus-visible:outline-rose-600"
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeCard();
          }}
        >
          <img src={imageAtWidth(selected.image, 320)} alt="" width={96} height={96} className="size-24 shrink-0 rounded-lg object-cover" />
          <div className="min-w-0 flex-1 py-1">
            <Link to={roomLink(selected._id, search)} className="block truncate font-semibold text-neutral-900 underline-offset-2 hover:underline">
              {selected.title}
            </Link>
            <p className="truncate text-sm text-neutral-600">{selected.location}</p>
            <p className="mt-1 text-sm">
              <span className="font-semibold">{formatMoney(selected.priceCents)}</span> {i18n.t('night')}
            </p>
          </div>
          <button
            type="button"
            aria-label={i18n.t('Close')}
            onClick={closeCard}
            className="self-start rounded-full px-2 text-lg leading-none text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-rose-600"
          >
            ×
          </button>
        </section>
      )}
    </div>
  );
}

function latLngBounds({ south, west, north, east }: { south: number; west: number; north: number; east: number }): L.LatLngBounds {
  return L.latLngBounds([south, west], [north, east]);
}

/** A marker is a real button (named with its price and title), over a Leaflet marker that is neither focusable nor clickable itself. */
function markerButton(text: string, label: string, onActivate: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'staybook-marker';
  button.textContent = text;
  button.setAttribute('aria-label', label);
  button.addEventListener('click', onActivate);
  // Its clicks and presses are the marker's, not the map's (no drag, no zoom on double click).
  L.DomEvent.disableClickPropagation(button);
  return button;
}

function addMarker(layer: L.LayerGroup, latitude: number, longitude: number, button: HTMLButtonElement): L.Marker {
  const marker = L.marker([latitude, longitude], {
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ html: button, className: 'staybook-map-marker', iconSize: undefined }),
  });
  layer.addLayer(marker);
  return marker;
}

function markHighlighted(markers: Map<string, MapMarker>, roomId: string | null): void {
  for (const { marker, button, roomId: id } of markers.values()) {
    const on = id !== undefined && id === roomId;
    button.classList.toggle('is-highlighted', on);
    marker.setZIndexOffset(on ? 1000 : 0);
  }
}

export default RoomsMap;
