import { Head, Link } from '@inertiajs/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MarketMap } from '@/components/market/MarketMap';
import {
  boundsParam,
  centerForAddress,
  DEFAULT_RADIUS_MILES,
  polygonParam,
  RADIUS_CHOICES,
  type LatLng,
  type MarketFilters,
} from '@/components/market/rules';
import { cornersOf, useAreaDrawing } from '@/components/market/useAreaDrawing';
import { EMPTY_FILTERS, SearchFilters, type FilterValues } from '@/components/market/SearchFilters';
import { PropertyCard } from '@/components/property/PropertyCard';
import { Alert, Button, Checkbox, Input, Pagination, Select, Spinner } from '@/components/ui';
import { useMarketSearch } from '@/hooks/useMarketSearch';
import { useAuthUser } from '@/hooks/useSharedProps';
import { useNotificationsLive } from '@/hooks/useNotifications';
import type { SavedSearch } from '@/api/market';
import { SavedSearchBar } from '@/components/market/SavedSearchBar';
import { propertyPaths } from '@/api/properties';
import { authPaths } from '@/api/users';
import { notify } from '@/lib/toast';

interface Props {
  initial: {
    q: string;
    lat: string | null;
    lng: string | null;
    radius: string;
    type: string;
    sector: string;
    status: string;
    min_price: string;
    max_price: string;
    polygon: string;
    beds: string;
    baths: string;
    has_video: boolean;
    open_house: boolean;
    sort: string;
  };
  map: { tileUrl: string; attribution: string; defaultCenter: LatLng; defaultRadius: number };
  options: { types: string[]; sectors: string[]; statuses: string[]; sorts: string[] };
}

/** Market search: location text or map moves, a radius in miles, filters; the map and the list follow each other. */
export default function MarketSearch({ initial, map, options }: Props) {
  const user = useAuthUser();
  const start =
    initial.lat !== null && initial.lng !== null ? { lat: Number(initial.lat), lng: Number(initial.lng) } : null;
  const [q, setQ] = useState(initial.q);
  const [center, setCenter] = useState<LatLng>(start ?? map.defaultCenter);
  const [radius, setRadius] = useState(Number(initial.radius) || DEFAULT_RADIUS_MILES);
  const [filters, setFilters] = useState<FilterValues>({
    ...EMPTY_FILTERS,
    type: initial.type,
    sector: initial.sector,
    status: initial.status,
    min_price: initial.min_price,
    max_price: initial.max_price,
    beds: initial.beds,
    baths: initial.baths,
    has_video: initial.has_video,
    open_house: initial.open_house,
    sort: initial.sort,
  });
  // A drawn area (its corners) replaces the radius; `drawing` while corners are being placed.
  const draw = useAreaDrawing(cornersOf(initial.polygon));
  const { area, drawing } = draw;
  const [followMap, setFollowMap] = useState(false);
  const polygon = draw.closed ? polygonParam(area) : undefined;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const { answer, loading, error, fieldErrors, search } = useMarketSearch();
  const listRef = useRef<HTMLUListElement>(null);

  const lastSearch = useRef<MarketFilters | null>(null);

  const run = useCallback(
    async (params: MarketFilters) => {
      lastSearch.current = params;
      const res = await search(params);
      if (res) setCenter({ lat: res.center.lat, lng: res.center.lng });
    },
    [search],
  );

  // A saved search matched a listing just now: say so, and search again so the list and the map show it.
  useNotificationsLive((e) => {
    if (e.notification.kind !== 'saved_search_match') return;
    notify.info(e.notification.title);
    if (lastSearch.current) void run(lastSearch.current);
  });

  // First search: by text when given, else where the map is.
  useEffect(() => {
    void run(
      polygon
        ? { ...filters, polygon }
        : start
          ? { ...filters, lat: start.lat, lng: start.lng, radius, q }
          : initial.q
            ? { ...filters, q, radius }
            : { ...filters, lat: center.lat, lng: center.lng, radius },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setPage(1);
    // A typed place is geocoded by the server; an empty box searches where the map is.
    void run(
      polygon
        ? { ...filters, polygon }
        : q.trim()
          ? { ...filters, q, radius }
          : { ...filters, lat: center.lat, lng: center.lng, radius },
    );
  };

  // Drawing: each click on the map adds a corner; "Done" searches inside the area.
  const startDrawing = () => {
    draw.start();
    setFollowMap(false);
  };
  const finishDrawing = () => {
    const corners = draw.finish();
    if (!corners) return;
    setPage(1);
    void run({ ...filters, polygon: polygonParam(corners) });
  };
  const clearArea = () => {
    draw.clear();
    setPage(1);
    void run({ ...filters, lat: center.lat, lng: center.lng, radius });
  };

  const onAddressChange = (value: string) => {
    setQ(value);
    // spec 9: clearing the address resets the centre to latitude 20, longitude 0.
    if (!value.trim()) setCenter(centerForAddress(value, center));
  };

  // "Search as I move the map" searches the visible box; otherwise a move searches the radius around the centre.
  const onMove = (c: LatLng, view: { south: number; west: number; north: number; east: number }) => {
    if (drawing || polygon) return;
    setCenter(c);
    setPage(1);
    void run(
      followMap
        ? { ...filters, lat: c.lat, lng: c.lng, bounds: boundsParam(view) }
        : { ...filters, lat: c.lat, lng: c.lng, radius },
    );
  };

  // A new radius searches again around the same centre at once (no second click on Search).
  const changeRadius = (next: number) => {
    setRadius(next);
    setPage(1);
    void run({ ...filters, lat: center.lat, lng: center.lng, radius: next, q: q.trim() || undefined });
  };

  const goPage = (p: number) => {
    setPage(p);
    void run(
      polygon ? { ...filters, polygon, page: p } : { ...filters, lat: center.lat, lng: center.lng, radius, page: p },
    );
  };

  const select = (id: string) => {
    setSelected(id);
    listRef.current?.querySelector(`[data-id="${id}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  // The search on screen as saved-search parameters.
  const currentSearch = () => ({
    name: answer?.center.label ?? 'My search',
    params: {
      ...filters,
      beds: filters.beds ? Number(filters.beds) : undefined,
      baths: filters.baths ? Number(filters.baths) : undefined,
      sort: filters.sort || undefined,
      q: q.trim() || undefined,
      polygon,
      lat: center.lat,
      lng: center.lng,
      radius,
    },
  });

  const applySaved = (s: SavedSearch) => {
    const p = s.params;
    setQ(p.q ?? '');
    setRadius(Number(p.radius) || DEFAULT_RADIUS_MILES);
    const next: FilterValues = {
      type: p.type ?? '',
      sector: p.sector ?? '',
      status: p.status ?? '',
      min_price: p.min_price ?? '',
      max_price: p.max_price ?? '',
      beds: p.beds !== undefined ? String(p.beds) : '',
      baths: p.baths !== undefined ? String(p.baths) : '',
      has_video: !!p.has_video,
      open_house: !!p.open_house,
      sort: p.sort ?? '',
    };
    setFilters(next);
    setPage(1);
    draw.setArea(cornersOf(p.polygon));
    void run(
      p.polygon
        ? { ...next, polygon: p.polygon }
        : { ...next, lat: p.lat, lng: p.lng, radius: Number(p.radius) || DEFAULT_RADIUS_MILES },
    );
  };

  const results = useMemo(() => answer?.results.data ?? [], [answer]);
  const pins = useMemo(
    () =>
      results
        .filter((r) => r.latitude !== null && r.longitude !== null)
        .map((r) => ({ id: r.id, lat: r.latitude!, lng: r.longitude!, label: r.name })),
    [results],
  );

  return (
    <div className="mx-auto max-w-7xl space-y-3 px-4 py-4">
      <Head title="Market search" />
      <form onSubmit={submit} className="grid grid-cols-1 gap-2 md:grid-cols-[2fr_auto_auto]" role="search">
        <Input
          type="search"
          name="q"
          aria-label="Location"
          placeholder="City or town, e.g. Austin, TX"
          maxLength={200}
          value={q}
          onChange={(e) => onAddressChange(e.target.value)}
          invalid={!!fieldErrors.q}
        />
        <Select
          aria-label="Radius"
          name="radius"
          value={String(radius)}
          onChange={(e) => changeRadius(Number(e.target.value))}
          options={RADIUS_CHOICES.map((r) => ({ value: String(r), label: `${r} mi` }))}
        />
        <Button type="submit" loading={loading} data-testid="market-search">
          Search
        </Button>
        <SearchFilters value={filters} onChange={setFilters} options={options} fieldErrors={fieldErrors} />
      </form>
      {error && <Alert variant="error">{Object.values(fieldErrors)[0] ?? error}</Alert>}
      {user && <SavedSearchBar current={currentSearch} onApply={applySaved} />}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
            {drawing ? (
              <>
                <Button size="sm" onClick={finishDrawing} data-testid="finish-area">
                  Done ({area.length} corners)
                </Button>
                <Button size="sm" variant="ghost" onClick={clearArea}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={startDrawing} data-testid="draw-area">
                Draw an area
              </Button>
            )}
            {polygon && (
              <Button size="sm" variant="ghost" onClick={clearArea}>
                Clear area
              </Button>
            )}
            {!polygon && !drawing && (
              <Checkbox
                label="Search as I move the map"
                checked={followMap}
                onChange={(e) => setFollowMap(e.target.checked)}
              />
            )}
          </div>
          <MarketMap
            center={center}
            radius={polygon || drawing || followMap ? null : radius}
            area={area}
            onPick={draw.onPick}
            pins={pins}
            selectedId={selected}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
            onMove={onMove}
            onSelect={select}
            label="Market map"
            className="h-72 w-full rounded-xl bg-slate-200 sm:h-[28rem] dark:bg-slate-800"
          />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {answer
              ? `${answer.results.total_is_capped ? `${answer.results.total.toLocaleString('en-US')}+` : answer.results.total} ${answer.shape === 'circle' ? `within ${answer.radius} mi of ${answer.center.label ?? `${answer.center.lat.toFixed(3)}, ${answer.center.lng.toFixed(3)}`}` : answer.shape === 'polygon' ? 'in the drawn area' : 'in this map view'}`
              : ' '}{' '}
            · {drawing ? 'Click the map to place corners.' : 'Drag the map to search there.'}
          </p>
          {answer?.center.note && (
            <p className="mt-1 text-xs text-amber-700 dark:text-amber-300" data-testid="geocode-note">
              {answer.center.note}
            </p>
          )}
        </div>
        <div className="min-w-0">
          {loading && !answer && <Spinner label="Searching" />}
          {answer && results.length === 0 && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Nothing published within {answer.radius} miles. Try a wider radius.
            </p>
          )}
          <ul ref={listRef} className="space-y-2" data-testid="market-results">
            {results.map((r) => (
              <li key={r.id} data-id={r.id}>
                <PropertyCard
                  property={r}
                  href={propertyPaths.show(r.slug)}
                  highlighted={selected === r.id}
                  onHover={setSelected}
                  extra={
                    <p className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                      {r.sponsored && (
                        <span
                          className="rounded-full bg-brand-100 px-2 py-0.5 font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                          data-testid="sponsored"
                          title="A paid listing boost shows this listing first among matching results"
                        >
                          Sponsored
                        </span>
                      )}
                      {r.distance_miles} mi away
                    </p>
                  }
                />
              </li>
            ))}
          </ul>
          {answer && answer.results.last_page > 1 && (
            <Pagination className="mt-3" currentPage={page} lastPage={answer.results.last_page} onPageChange={goPage} />
          )}
          {!user && (
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
              <Link href={authPaths.login} className="text-brand-600 hover:underline">
                Log in
              </Link>{' '}
              to save searches.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
