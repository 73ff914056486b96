import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { addOfflineBasemap } from './offline-basemap';
import { wrapLng, zoomForRadius, type LatLng } from './rules';

export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  label: string;
}

export interface MarketMapProps {
  center: LatLng;
  /** Miles; drawn as a circle when set. */
  radius?: number | null;
  pins: MapPin[];
  selectedId?: string | null;
  tileUrl: string;
  attribution?: string;
  /** A drawn area (its outline, closed when it has three corners or more). */
  area?: LatLng[] | null;
  /** Called when the user drags or zooms the map (not when the props move it), with the visible box. */
  onMove?: (center: LatLng, bounds: { south: number; west: number; north: number; east: number }) => void;
  /** Called when the user clicks the map (e.g. to place a pin). */
  onPick?: (point: LatLng) => void;
  onSelect?: (id: string) => void;
  className?: string;
  label?: string;
}

const MILE_IN_METERS = 1609.344;

/**
 * A Leaflet map with pins and a radius circle over the app's own light basemap (grid and place names), so it
 * orients people with no tile URL or none reachable; configured tiles draw over it.
 */
export function MarketMap({
  center,
  radius,
  pins,
  selectedId,
  tileUrl,
  attribution,
  area,
  onMove,
  onPick,
  onSelect,
  className,
  label = 'Map',
}: MarketMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const outline = useRef<L.Polygon | L.Polyline | null>(null);
  const programmatic = useRef(false);
  const handlers = useRef({ onMove, onPick, onSelect });
  handlers.current = { onMove, onPick, onSelect };

  useEffect(() => {
    if (!element.current || map.current) return;
    const m = L.map(element.current, {
      center: [center.lat, center.lng],
      zoom: zoomForRadius(radius ?? 2),
      worldCopyJump: true,
      attributionControl: true,
    });
    const removeBasemap = addOfflineBasemap(m);
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    m.on('moveend', () => {
      if (programmatic.current) {
        programmatic.current = false;
        return;
      }
      const c = m.getCenter();
      const b = m.getBounds();
      handlers.current.onMove?.(
        { lat: c.lat, lng: wrapLng(c.lng) },
        { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
      );
    });
    m.on('click', (e: L.LeafletMouseEvent) =>
      handlers.current.onPick?.({ lat: e.latlng.lat, lng: wrapLng(e.latlng.lng) }),
    );
    map.current = m;
    return () => {
      removeBasemap();
      m.remove();
      map.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Follow the centre and radius given by the search.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const zoom = radius ? zoomForRadius(radius) : m.getZoom();
    const current = m.getCenter();
    if (
      Math.abs(current.lat - center.lat) > 1e-6 ||
      Math.abs(wrapLng(current.lng) - center.lng) > 1e-6 ||
      m.getZoom() !== zoom
    ) {
      programmatic.current = true;
      m.setView([center.lat, center.lng], zoom, { animate: false });
    }
    circle.current?.remove();
    circle.current = radius
      ? L.circle([center.lat, center.lng], {
          radius: radius * MILE_IN_METERS,
          color: '#0d8376',
          weight: 1.5,
          fillOpacity: 0.07,
        }).addTo(m)
      : null;
  }, [center.lat, center.lng, radius]);

  // The drawn area follows its corners.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    outline.current?.remove();
    const corners = (area ?? []).map((p) => [p.lat, p.lng] as [number, number]);
    const style = { color: '#0d8376', weight: 2, fillOpacity: 0.08 };
    outline.current =
      corners.length >= 3
        ? L.polygon(corners, style).addTo(m)
        : corners.length
          ? L.polyline(corners, style).addTo(m)
          : null;
  }, [area]);

  // Pins follow the result list.
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const pin of pins) {
      const selected = pin.id === selectedId;
      L.circleMarker([pin.lat, pin.lng], {
        radius: selected ? 10 : 7,
        color: '#ffffff',
        weight: 2,
        fillColor: selected ? '#042a27' : '#0d8376',
        fillOpacity: 1,
      })
        .bindTooltip(pin.label)
        .on('click', () => handlers.current.onSelect?.(pin.id))
        .addTo(group);
    }
  }, [pins, selectedId]);

  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      data-testid="market-map"
      data-pins={pins.length}
      data-corners={area?.length ?? 0}
      className={className ?? 'h-80 w-full rounded-xl bg-slate-200 dark:bg-slate-800'}
    />
  );
}
