import { useMemo, useState } from 'react';
import { marketApi } from '@/api/market';
import { MarketMap } from '@/components/market/MarketMap';
import { centerForAddress, DEFAULT_CENTER, pointFromFields } from '@/components/market/rules';
import { Button, FormField, Select, TextField } from '@/components/ui';
import { notify } from '@/lib/toast';
import { bindField, type FormStepProps, type MapSettings } from './step-props';
import { useAttempt } from '@/hooks/useAttempt';

const ADDRESS_PARTS = ['address', 'address_line_2', 'city', 'state', 'zip', 'country'];

/** The IANA zones this browser knows (the server checks the choice again). */
function zoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Address fields, "Find on map" (the server's geocoder) and a map to place the pin exactly. */
export function AddressStep({ map, ...step }: FormStepProps & { map: MapSettings }) {
  const { form, set, errors } = step;
  const addressText = ADDRESS_PARTS.map((k) => String(form[k] ?? '')).join(' ');
  // The pin follows the fields only once they hold a real coordinate: a half-typed "-" or "abc" is NaN, and a
  // NaN pin makes the map library throw (the whole editor went blank).
  const pinAt = useMemo(() => pointFromFields(form.latitude, form.longitude), [form.latitude, form.longitude]);
  const center = pinAt ?? DEFAULT_CENTER;
  const zones = useMemo(() => zoneOptions(String(form.time_zone ?? '')), [form.time_zone]);
  const { busy: finding, attempt } = useAttempt();
  /** Shown under the map while the pin is only the town's centre, until the person places it. */
  const [pinNote, setPinNote] = useState<string | null>(null);

  const setAddressField = (key: string, value: string) => {
    set(key, value);
    const nextText = ADDRESS_PARTS.map((k) => (k === key ? value : String(form[k] ?? ''))).join(' ');
    // Clearing the whole address puts the centre back at latitude 20, longitude 0.
    if (!nextText.trim()) {
      const c = centerForAddress(nextText, center);
      set('latitude', String(c.lat));
      set('longitude', String(c.lng));
    }
  };

  const find = async () => {
    // The whole address: the geocoder says plainly when it could only find the town (never a silent guess).
    const q = [form.address, form.city, form.state || form.country].filter((v) => String(v ?? '').trim()).join(', ');
    if (!q.trim()) return;
    await attempt(async () => {
      const place = (await marketApi.geocode(q)).results[0];
      if (!place) {
        setPinNote(`We could not find "${q}". Click the map to place the pin.`);
        notify.warning(`We could not find "${q}". Click the map to place the pin.`);
      } else {
        set('latitude', String(place.lat));
        set('longitude', String(place.lng));
        if (!form.country_code && place.country_code) set('country_code', place.country_code);
        const note = place.note
          ? `${place.note} Click the map on the house to place the pin exactly.`
          : `Pin placed at ${place.label}. Click the map to adjust it.`;
        setPinNote(place.note ? note : null);
        if (place.note) notify.warning(note);
        else notify.info(note);
      }
    }, 'Could not look up the address');
  };

  const field = (key: string, label: string) => (
    <TextField
      label={label}
      name={key}
      value={String(form[key] ?? '')}
      onChange={(e) => setAddressField(key, e.target.value)}
      error={errors[key]}
    />
  );

  return (
    <div className="grid gap-3">
      {field('address', 'Street address')}
      {field('address_line_2', 'Address line 2')}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {field('city', 'City')}
        {field('state', 'State / region')}
        {field('zip', 'ZIP / postal code')}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        {field('country', 'Country')}
        <TextField
          label="Country code"
          name="country_code"
          maxLength={2}
          value={String(form.country_code)}
          onChange={(e) => set('country_code', e.target.value.toUpperCase())}
          error={errors.country_code}
        />
      </div>
      <FormField
        label="Time zone"
        name="time_zone"
        error={errors.time_zone}
        hint="The listing's local time: buyers see open houses “this weekend” by it."
      >
        <Select
          options={zones}
          placeholder="From the map pin in the US (else each buyer's own)"
          value={String(form.time_zone ?? '')}
          onChange={(e) => set('time_zone', e.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void find()}
          loading={finding}
          data-testid="find-on-map"
        >
          Find on map
        </Button>
        <div className="grid min-w-56 flex-1 grid-cols-2 gap-3">
          <TextField label="Latitude" inputMode="decimal" {...bindField(step, 'latitude')} />
          <TextField label="Longitude" inputMode="decimal" {...bindField(step, 'longitude')} />
        </div>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Click the map to place the pin exactly. {addressText.trim() ? '' : 'No address yet.'}
      </p>
      {pinNote && (
        <p className="text-xs font-medium text-amber-700 dark:text-amber-300" role="status" data-testid="pin-note">
          {pinNote}
        </p>
      )}
      {/* Tiles as configured on the server; the map works without them. */}
      <MarketMap
        center={center}
        radius={0.5}
        pins={pinAt ? [{ id: 'pin', ...pinAt, label: 'The property' }] : []}
        tileUrl={map.tileUrl}
        attribution={map.attribution}
        onPick={(p) => {
          setPinNote(null);
          set('latitude', p.lat.toFixed(6));
          set('longitude', p.lng.toFixed(6));
        }}
        label="Property location"
        className="h-64 w-full rounded-xl bg-slate-200 dark:bg-slate-800"
      />
    </div>
  );
}
