import L from 'leaflet';
import { marketApi } from '@/api/market';
import { logger } from '@/lib/logger';

interface BasemapPlace {
  name: string;
  lat: number;
  lng: number;
  population: number;
}

/** Degrees between grid lines at a zoom level: a few lines across the view at any zoom. */
export function gridStep(zoom: number): number {
  if (zoom < 3) return 30;
  if (zoom < 5) return 10;
  if (zoom < 7) return 5;
  if (zoom < 9) return 1;
  if (zoom < 11) return 0.25;
  return 0.05;
}

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * A light basemap drawn by the app itself under every map: a latitude/longitude grid and the names of the
 * largest places in view (from the gazetteer shipped with the server). With no tile server configured, or none
 * reachable, maps still show where they are; tiles, when they load, cover it.
 */
export function addOfflineBasemap(map: L.Map): () => void {
  map.getContainer().classList.add('reelty-basemap');
  const pane = map.createPane('basemap');
  pane.style.zIndex = '150'; // under tiles (200), markers and tooltips
  const grid = L.layerGroup().addTo(map);
  const labels = L.layerGroup().addTo(map);
  let request = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const drawGrid = () => {
    grid.clearLayers();
    const bounds = map.getBounds();
    const step = gridStep(map.getZoom());
    const style = { pane: 'basemap', weight: 1, interactive: false, className: 'basemap-grid' };
    const south = Math.max(-85, Math.floor(bounds.getSouth() / step) * step);
    const north = Math.min(85, bounds.getNorth());
    const west = Math.floor(bounds.getWest() / step) * step;
    const east = bounds.getEast();
    for (let lat = south; lat <= north; lat += step)
      L.polyline(
        [
          [lat, west],
          [lat, east],
        ],
        style,
      ).addTo(grid);
    for (let lng = west; lng <= east; lng += step)
      L.polyline(
        [
          [south, lng],
          [north, lng],
        ],
        style,
      ).addTo(grid);
  };

  const loadLabels = async () => {
    const bounds = map.getBounds();
    const wide = bounds.getEast() - bounds.getWest() >= 360;
    const box = {
      south: Math.max(-90, bounds.getSouth()),
      north: Math.min(90, bounds.getNorth()),
      west: wide ? -180 : wrap(bounds.getWest()),
      east: wide ? 180 : wrap(bounds.getEast()),
      limit: map.getZoom() < 4 ? 25 : 40,
    };
    const mine = ++request;
    try {
      const res = await marketApi.basemap<BasemapPlace>(box);
      if (mine !== request) return;
      labels.clearLayers();
      const centreLng = map.getCenter().lng;
      for (const place of res.places) {
        // Draw each place on the world copy that is in view.
        const lng = place.lng + Math.round((centreLng - place.lng) / 360) * 360;
        L.circleMarker([place.lat, lng], {
          pane: 'basemap',
          radius: place.population > 1_000_000 ? 3.5 : 2.5,
          weight: 0,
          fillOpacity: 0.7,
          interactive: false,
          className: 'basemap-place',
        })
          .bindTooltip(place.name, {
            permanent: true,
            direction: 'right',
            offset: [4, 0],
            className: 'basemap-label',
          })
          .addTo(labels);
      }
    } catch (error) {
      logger.warn('basemap labels failed', error);
    }
  };

  const refresh = () => {
    drawGrid();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void loadLabels(), 150);
  };
  map.on('moveend zoomend', refresh);
  map.whenReady(refresh);
  return () => {
    if (timer) clearTimeout(timer);
    map.off('moveend zoomend', refresh);
    grid.remove();
    labels.remove();
  };
}
