import { Link, router } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import type { CampaignArea, CampaignJson, FarmAreaJson } from '@contracts/crm-marketing';
import { crmPaths } from '@/api/crm';
import { farmApi } from '@/api/crm-marketing';
import { propertyPaths } from '@/api/properties';
import { MarketMap } from '@/components/market/MarketMap';
import { DEFAULT_CENTER, type LatLng } from '@/components/market/rules';
import { useAreaDrawing } from '@/components/market/useAreaDrawing';
import { Button, Card, Select } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const METERS_PER_MILE = 1609.344;
const RADII_M = [250, 500, 1000, 1500, 3000, 5000, 10000];

const cornersOfArea = (a: CampaignArea | null): LatLng[] =>
  a?.kind === 'polygon' ? a.points.map(([lat, lng]) => ({ lat, lng })) : [];

function centreOf(a: CampaignArea | null, homes: FarmAreaJson['homes']['items']): LatLng {
  if (a?.kind === 'radius') return { lat: a.lat, lng: a.lng };
  const pts = a?.kind === 'polygon' ? a.points.map(([lat, lng]) => ({ lat, lng })) : homes;
  if (!pts.length) return { ...DEFAULT_CENTER };
  return {
    lat: pts.reduce((s, p) => s + p.lat, 0) / pts.length,
    lng: pts.reduce((s, p) => s + p.lng, 0) / pts.length,
  };
}

/**
 * A farm's area on the market map: drawn as a polygon (the market search's drawing) or a circle (a click for the
 * centre and a radius), saved on the campaign; the homes for sale inside are pinned and the book's contacts who asked
 * about a home inside are listed.
 */
export function FarmAreaPanel({
  campaign,
  inArea,
  canManage,
  map,
}: {
  campaign: CampaignJson;
  inArea: FarmAreaJson | null;
  canManage: boolean;
  map: { tile_url: string; attribution: string };
}) {
  const draw = useAreaDrawing(cornersOfArea(campaign.area));
  const [circle, setCircle] = useState<{ centre: LatLng | null; radius_m: number } | null>(null);
  const { busy: saving, attempt } = useAttempt();
  const homes = useMemo(() => inArea?.homes.items ?? [], [inArea]);
  const centre = circle?.centre ?? centreOf(campaign.area, homes);
  const radiusM = circle ? circle.radius_m : campaign.area?.kind === 'radius' ? campaign.area.radius_m : null;
  const pins = useMemo(() => homes.map((h) => ({ id: h.id, lat: h.lat, lng: h.lng, label: h.name })), [homes]);
  const save = async (area: CampaignArea) => {
    await attempt(async () => {
      await farmApi.update(campaign.id, { area });
      notify.success('Area saved');
      setCircle(null);
      router.reload({ only: ['selected', 'campaigns'] });
    }, 'Could not save the area');
  };
  const finishPolygon = () => {
    const corners = draw.finish();
    if (corners) void save({ kind: 'polygon', points: corners.map((p) => [p.lat, p.lng]) });
  };
  const finishCircle = () => {
    if (!circle?.centre) return notify.error('Click the map to place the centre.');
    void save({ kind: 'radius', lat: circle.centre.lat, lng: circle.centre.lng, radius_m: circle.radius_m });
  };
  return (
    <Card title="Area on the map">
      {canManage && (
        <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
          {draw.drawing ? (
            <>
              <Button size="sm" onClick={finishPolygon} loading={saving}>
                Save area ({draw.area.length} corners)
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  draw.clear();
                  draw.setArea(cornersOfArea(campaign.area));
                }}
              >
                Cancel
              </Button>
            </>
          ) : circle ? (
            <>
              <Select
                aria-label="Radius"
                value={String(circle.radius_m)}
                onChange={(e) => setCircle({ ...circle, radius_m: Number(e.target.value) })}
                options={RADII_M.map((m) => ({
                  value: String(m),
                  label: `${m >= 1000 ? m / 1000 + ' km' : m + ' m'}`,
                }))}
              />
              <Button size="sm" onClick={finishCircle} loading={saving}>
                Save circle
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCircle(null)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button size="sm" variant="secondary" onClick={draw.start}>
                Draw a polygon
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setCircle({ centre: null, radius_m: radiusM ?? 1000 })}
              >
                Draw a circle
              </Button>
            </>
          )}
        </div>
      )}
      <MarketMap
        center={centre}
        radius={radiusM && !draw.drawing ? radiusM / METERS_PER_MILE : null}
        area={circle ? [] : draw.area}
        onPick={circle ? (p) => setCircle({ ...circle, centre: p }) : draw.onPick}
        pins={pins}
        tileUrl={map.tile_url}
        attribution={map.attribution}
        label="Farm map"
        className="h-72 w-full rounded-xl bg-surface-muted sm:h-96"
      />
      <p className="mt-1 text-xs text-ink-subtle">
        {draw.drawing || circle ? 'Click the map to place corners or the centre.' : ' '}
      </p>
      {inArea && (
        <div className="mt-2 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <h3 className="font-medium text-ink">{inArea.homes.total} homes for sale inside</h3>
            <ul className="mt-1 grid gap-1" aria-label="Homes inside">
              {homes.slice(0, 8).map((h) => (
                <li key={h.id} className="truncate">
                  <Link href={propertyPaths.show(h.slug)} className="text-accent-ink hover:underline">
                    {h.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-medium text-ink">{inArea.contacts.total} contacts asked about a home inside</h3>
            <ul className="mt-1 grid gap-1" aria-label="Contacts inside">
              {inArea.contacts.items.map((c) => (
                <li key={c.id} className="truncate">
                  <Link href={crmPaths.contact(c.id)} className="text-accent-ink hover:underline">
                    {c.name || 'Unnamed contact'}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}
