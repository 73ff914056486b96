import { useState } from 'react';
import { notify } from '@/lib/toast';
import type { LatLng } from './rules';

/** Corners from the query form "lat,lng;lat,lng;..." (a saved or shared drawn area). */
export function cornersOf(polygon: string | null | undefined): LatLng[] {
  return polygon
    ? polygon.split(';').map((pair) => {
        const [lat, lng] = pair.split(',').map(Number);
        return { lat, lng };
      })
    : [];
}

/**
 * Drawing an area on the market map: "Draw" clears the corners, each click on the map (`onPick`) adds one, "Done"
 * closes the area when it has three corners or more. `closed` is a finished area, ready to search or save.
 */
export function useAreaDrawing(initial: LatLng[] = []) {
  const [area, setArea] = useState<LatLng[]>(initial);
  const [drawing, setDrawing] = useState(false);
  return {
    area,
    setArea,
    drawing,
    closed: !drawing && area.length >= 3,
    start: () => {
      setArea([]);
      setDrawing(true);
    },
    /** Ends drawing: the corners, or null (and a message) when fewer than three were placed. */
    finish: (): LatLng[] | null => {
      setDrawing(false);
      if (area.length >= 3) return area;
      notify.error('Place at least three corners on the map.');
      return null;
    },
    clear: () => {
      setArea([]);
      setDrawing(false);
    },
    onPick: drawing ? (point: LatLng) => setArea((a) => [...a, point]) : undefined,
  };
}
