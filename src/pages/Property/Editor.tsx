import { Head, Link } from '@inertiajs/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { MarketMap } from '@/components/market/MarketMap';
import { centerForAddress, DEFAULT_CENTER } from '@/components/market/rules';
import { PublishBadge } from '@/components/property/PropertyCard';
import { apiErrorMessage, formatPrice, humanize } from '@/components/property/rules';
import type { Property } from '@/components/property/types';
import { Alert, Button, Card, Checkbox, FormField, Input, Select, Spinner, TextField } from '@/components/ui';
import { usePropertyResources } from '@/hooks/usePropertyResources';
import { ApiError, api } from '@/lib/http';
import { notify } from '@/lib/toast';

type Step = 'address' | 'details' | 'price' | 'components' | 'media' | 'publish';

interface Props {
  slug: string;
  step: Step;
  steps: Step[];
  options: { types: string[]; sectors: string[]; statuses: string[] };
  map: { tileUrl: string; attribution: string };
}

const STEP_LABELS: Record<Step, string> = {
  address: 'Address',
  details: 'Details',
  price: 'Price',
  components: 'Components',
  media: 'Photos',
  publish: 'Publish',
};

type Form = Record<string, string | boolean | string[]>;

function formFrom(p: Property): Form {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    name: p.name,
    description: s(p.description),
    address: s(p.address),
    address_line_2: s(p.address_line_2),
    city: s(p.city),
    state: s(p.state),
    zip: s(p.zip),
    country: s(p.country),
    country_code: s(p.country_code),
    latitude: s(p.latitude),
    longitude: s(p.longitude),
    type: s(p.type),
    sector: s(p.sector),
    status: p.status,
    is_private: p.is_private,
    price: s(p.price),
    currency: p.currency,
    accepted_currencies: p.accepted_currencies,
    accepted_cryptocurrencies: p.accepted_cryptocurrencies,
  };
}

const STEP_FIELDS: Partial<Record<Step, string[]>> = {
  address: ['address', 'address_line_2', 'city', 'state', 'zip', 'country', 'country_code', 'latitude', 'longitude'],
  details: ['name', 'description', 'type', 'sector', 'status', 'is_private'],
  price: ['price', 'currency', 'accepted_currencies', 'accepted_cryptocurrencies'],
};

/** What a step sends: its own fields only (spec 3: fields left undefined are dropped); '' clears. */
function payloadFor(step: Step, form: Form): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of STEP_FIELDS[step] ?? []) {
    const value = form[key];
    if (key === 'latitude' || key === 'longitude') out[key] = value === '' ? null : Number(value);
    else if (['type', 'sector', 'price', 'country_code'].includes(key)) out[key] = value === '' ? null : value;
    else out[key] = value;
  }
  return out;
}

export default function PropertyEditor({ slug, step: initialStep, steps, options, map }: Props) {
  const { data, setData, error, loading, reload } = usePropertyResources(slug);
  const [step, setStep] = useState<Step>(initialStep);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (data && !form) setForm(formFrom(data.property));
  }, [data, form]);

  const go = (next: Step) => {
    setStep(next);
    setErrors({});
    window.history.replaceState(window.history.state, '', `/properties/${slug}/edit?step=${next}`);
  };

  const set = (key: string, value: string | boolean | string[]) => setForm((f) => ({ ...(f ?? {}), [key]: value }));

  const showErrors = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) {
      setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
      notify.error('Please check the highlighted fields.');
    } else notify.error(apiErrorMessage(e, 'Could not save the property'));
  };

  const save = async (thenGo?: Step) => {
    if (!form || !data) return;
    if (STEP_FIELDS[step]) {
      setSaving(true);
      try {
        const res = await api.post<{ property: Property }>(`/api/properties/${slug}`, payloadFor(step, form));
        setData({ ...data, property: res.property });
        setErrors({});
        notify.success('Saved');
      } catch (e) {
        showErrors(e);
        setSaving(false);
        return;
      }
      setSaving(false);
    }
    if (thenGo) go(thenGo);
  };

  if (loading && !data) return <Spinner label="Loading the property" />;
  if (error || !data || !form)
    return (
      <Alert variant="error" title="Could not load the property">
        {error}
      </Alert>
    );

  const property = data.property;
  const index = steps.indexOf(step);
  const next = steps[index + 1];
  const prev = steps[index - 1];
  const err = (k: string) => errors[k];

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <Head title={`Edit ${property.name}`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <Link href="/properties" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
            ← My properties
          </Link>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{property.name}</h1>
        </div>
        <PublishBadge state={property.publish_state} />
      </div>
      <nav aria-label="Editor steps">
        <ol className="flex gap-1 overflow-x-auto">
          {steps.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => go(s)}
                aria-current={s === step ? 'step' : undefined}
                className={`whitespace-nowrap rounded-lg px-3 py-1.5 text-sm ${s === step ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
              >
                {i + 1}. {STEP_LABELS[s]}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <Card title={STEP_LABELS[step]}>
        {step === 'address' && <AddressStep form={form} set={set} err={err} map={map} />}
        {step === 'details' && (
          <div className="grid gap-3">
            <TextField
              label="Name"
              name="name"
              value={String(form.name)}
              onChange={(e) => set('name', e.target.value)}
              error={err('name')}
            />
            <FormField label="Description" name="description" error={err('description')}>
              <textarea
                id="description"
                rows={5}
                value={String(form.description)}
                onChange={(e) => set('description', e.target.value)}
                className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white"
              />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Type" name="type" error={err('type')}>
                <Select
                  id="type"
                  value={String(form.type)}
                  onChange={(e) => set('type', e.target.value)}
                  placeholder="Choose…"
                  options={options.types.map((v) => ({ value: v, label: humanize(v) }))}
                />
              </FormField>
              <FormField label="Sector" name="sector" error={err('sector')}>
                <Select
                  id="sector"
                  value={String(form.sector)}
                  onChange={(e) => set('sector', e.target.value)}
                  placeholder="Choose…"
                  options={options.sectors.map((v) => ({ value: v, label: humanize(v) }))}
                />
              </FormField>
              <FormField label="Status" name="status" error={err('status')}>
                <Select
                  id="status"
                  value={String(form.status)}
                  onChange={(e) => set('status', e.target.value)}
                  options={options.statuses.map((v) => ({ value: v, label: humanize(v) }))}
                />
              </FormField>
            </div>
            <Checkbox
              label="Private (only you can see it, even when published)"
              checked={!!form.is_private}
              onChange={(e) => set('is_private', e.target.checked)}
            />
          </div>
        )}
        {step === 'price' && (
          <div className="grid gap-3">
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
              <TextField
                label="Price"
                name="price"
                inputMode="decimal"
                placeholder="450000"
                value={String(form.price)}
                onChange={(e) => set('price', e.target.value)}
                error={err('price')}
              />
              <FormField label="Currency" name="currency" error={err('currency')}>
                <Select
                  id="currency"
                  value={String(form.currency)}
                  onChange={(e) => set('currency', e.target.value)}
                  options={data.currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
                />
              </FormField>
            </div>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Shown as {formatPrice(String(form.price) || null, String(form.currency))}
            </p>
            <CodeChoices
              title="Also accepts"
              codes={data.currencies.filter((c) => !c.is_crypto).map((c) => c.code)}
              value={form.accepted_currencies as string[]}
              onChange={(v) => set('accepted_currencies', v)}
              error={err('accepted_currencies')}
            />
            <CodeChoices
              title="Cryptocurrencies accepted"
              codes={data.currencies.filter((c) => c.is_crypto).map((c) => c.code)}
              value={form.accepted_cryptocurrencies as string[]}
              onChange={(v) => set('accepted_cryptocurrencies', v)}
              error={err('accepted_cryptocurrencies')}
            />
          </div>
        )}
        {step === 'components' && <ComponentsStep property={property} onSaved={reload} />}
        {step === 'media' && <MediaStep slug={slug} photos={data.photos} onChange={reload} />}
        {step === 'publish' && <PublishStep property={property} slug={slug} reload={reload} />}
      </Card>

      <div className="flex justify-between gap-2">
        {prev ? (
          <Button variant="secondary" onClick={() => void save(prev)} disabled={saving}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          {STEP_FIELDS[step] && (
            <Button variant="secondary" onClick={() => void save()} loading={saving}>
              Save
            </Button>
          )}
          {next && (
            <Button onClick={() => void save(next)} loading={saving} data-testid="next-step">
              Next: {STEP_LABELS[next]}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

function CodeChoices({
  title,
  codes,
  value,
  onChange,
  error,
}: {
  title: string;
  codes: string[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{title}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {codes.map((code) => (
          <Checkbox
            key={code}
            label={code}
            checked={value.includes(code)}
            onChange={(e) => onChange(e.target.checked ? [...value, code] : value.filter((c) => c !== code))}
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}

function AddressStep({
  form,
  set,
  err,
  map,
}: {
  form: Form;
  set: (k: string, v: string) => void;
  err: (k: string) => string | undefined;
  map: Props['map'];
}) {
  const lat = form.latitude === '' ? null : Number(form.latitude);
  const lng = form.longitude === '' ? null : Number(form.longitude);
  const addressText = ['address', 'address_line_2', 'city', 'state', 'zip', 'country']
    .map((k) => String(form[k] ?? ''))
    .join(' ');
  const center = useMemo(
    () =>
      lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng)
        ? { lat, lng }
        : { ...DEFAULT_CENTER },
    [lat, lng],
  );
  const [finding, setFinding] = useState(false);
  /** Shown under the map while the pin is only the town's centre, until the person places it. */
  const [pinNote, setPinNote] = useState<string | null>(null);

  const setAddressField = (key: string, value: string) => {
    set(key, value);
    const nextText = ['address', 'address_line_2', 'city', 'state', 'zip', 'country']
      .map((k) => (k === key ? value : String(form[k] ?? '')))
      .join(' ');
    // spec 9: clearing the address resets the centre to latitude 20, longitude 0.
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
    setFinding(true);
    try {
      const res = await api.get<{
        results: Array<{ lat: number; lng: number; label: string; country_code: string | null; note?: string | null }>;
      }>('/api/market/geocode', { query: { q } });
      const place = res.results[0];
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
    } catch (e) {
      notify.error(apiErrorMessage(e, 'Could not look up the address'));
    } finally {
      setFinding(false);
    }
  };

  const field = (key: string, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={String(form[key] ?? '')}
      onChange={(e) => setAddressField(key, e.target.value)}
      error={err(key)}
      {...props}
    />
  );

  return (
    <div className="grid gap-3">
      {field('address', 'Street address')}
      {field('address_line_2', 'Address line 2')}
      <div className="grid gap-3 sm:grid-cols-3">
        {field('city', 'City')}
        {field('state', 'State / region')}
        {field('zip', 'ZIP / postal code')}
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        {field('country', 'Country')}
        <TextField
          label="Country code"
          name="country_code"
          maxLength={2}
          value={String(form.country_code)}
          onChange={(e) => set('country_code', e.target.value.toUpperCase())}
          error={err('country_code')}
        />
      </div>
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
          <TextField
            label="Latitude"
            name="latitude"
            inputMode="decimal"
            value={String(form.latitude)}
            onChange={(e) => set('latitude', e.target.value)}
            error={err('latitude')}
          />
          <TextField
            label="Longitude"
            name="longitude"
            inputMode="decimal"
            value={String(form.longitude)}
            onChange={(e) => set('longitude', e.target.value)}
            error={err('longitude')}
          />
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
      <MapFromPage
        map={map}
        center={center}
        pin={lat !== null && lng !== null ? { lat, lng } : null}
        onPick={(p) => {
          setPinNote(null);
          set('latitude', p.lat.toFixed(6));
          set('longitude', p.lng.toFixed(6));
        }}
      />
    </div>
  );
}

/** The pin map of the address step (tiles as configured on the server; works without them). */
function MapFromPage({
  map,
  center,
  pin,
  onPick,
}: {
  map: Props['map'];
  center: { lat: number; lng: number };
  pin: { lat: number; lng: number } | null;
  onPick: (p: { lat: number; lng: number }) => void;
}) {
  return (
    <MarketMap
      center={center}
      radius={0.5}
      pins={pin ? [{ id: 'pin', lat: pin.lat, lng: pin.lng, label: 'The property' }] : []}
      tileUrl={map.tileUrl}
      attribution={map.attribution}
      onPick={onPick}
      label="Property location"
      className="h-64 w-full rounded-xl bg-slate-200 dark:bg-slate-800"
    />
  );
}

function ComponentsStep({ property, onSaved }: { property: Property; onSaved: () => void }) {
  const details = property.components.details;
  const c = (type: string) => property.components[type]?.content ?? {};
  const [bedrooms, setBedrooms] = useState(String(c('details').bedrooms ?? ''));
  const [bathrooms, setBathrooms] = useState(String(c('details').bathrooms ?? ''));
  const [area, setArea] = useState(String(c('details').area_sqft ?? ''));
  const [year, setYear] = useState(String(c('details').year_built ?? ''));
  const [features, setFeatures] = useState(((c('features').items as string[] | undefined) ?? []).join(', '));
  const [neighborhood, setNeighborhood] = useState(String(c('neighborhood').text ?? ''));
  const [schools, setSchools] = useState(String(c('schools').text ?? ''));
  const [saving, setSaving] = useState(false);

  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const saveAll = async () => {
    setSaving(true);
    try {
      await api.post(`/api/component/${details.id}`, {
        content: { bedrooms: num(bedrooms), bathrooms: num(bathrooms), area_sqft: num(area), year_built: num(year) },
      });
      await api.post(`/api/component/${property.components.features.id}`, {
        content: {
          items: features
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
        },
      });
      await api.post(`/api/component/${property.components.neighborhood.id}`, {
        content: { text: neighborhood.trim() },
      });
      await api.post(`/api/component/${property.components.schools.id}`, { content: { text: schools.trim() } });
      notify.success('Components saved');
      onSaved();
    } catch (e) {
      notify.error(apiErrorMessage(e, 'Could not save the components'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextField
          label="Bedrooms"
          name="bedrooms"
          inputMode="numeric"
          value={bedrooms}
          onChange={(e) => setBedrooms(e.target.value)}
        />
        <TextField
          label="Bathrooms"
          name="bathrooms"
          inputMode="decimal"
          value={bathrooms}
          onChange={(e) => setBathrooms(e.target.value)}
        />
        <TextField
          label="Area (sq ft)"
          name="area_sqft"
          inputMode="numeric"
          value={area}
          onChange={(e) => setArea(e.target.value)}
        />
        <TextField
          label="Year built"
          name="year_built"
          inputMode="numeric"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
      </div>
      <TextField
        label="Features (comma separated)"
        name="features"
        value={features}
        onChange={(e) => setFeatures(e.target.value)}
      />
      <TextField
        label="Neighborhood"
        name="neighborhood"
        value={neighborhood}
        onChange={(e) => setNeighborhood(e.target.value)}
      />
      <TextField label="Schools" name="schools" value={schools} onChange={(e) => setSchools(e.target.value)} />
      <div>
        <Button variant="secondary" onClick={() => void saveAll()} loading={saving}>
          Save components
        </Button>
      </div>
    </div>
  );
}

function MediaStep({
  slug,
  photos,
  onChange,
}: {
  slug: string;
  photos: Array<{ id: string; thumb_url: string }>;
  onChange: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setError(null);
    try {
      for (const file of Array.from(files)) {
        const body = new FormData();
        body.append('photo', file);
        await api.post(`/api/properties/${slug}/uploads`, body);
      }
      notify.success(files.length > 1 ? `${files.length} photos uploaded` : 'Photo uploaded');
      onChange();
    } catch (e) {
      const message =
        e instanceof ApiError ? String(([] as unknown[]).concat(e.fieldErrors.photo ?? e.message)[0]) : 'Upload failed';
      setError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await api.delete(`/api/upload/${id}`);
      notify.success('Photo deleted');
      onChange();
    } catch (e) {
      notify.error(apiErrorMessage(e, 'Could not delete the photo'));
    }
  };

  return (
    <div className="space-y-3">
      <FormField label="Add photos (JPEG, PNG or WebP, up to 12 MB each)" name="photo" error={error ?? undefined}>
        <Input
          id="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={uploading}
          onChange={(e) => void upload(e.target.files)}
          data-testid="photo-input"
        />
      </FormField>
      {uploading && <Spinner size="sm" label="Uploading" />}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="photo-grid">
        {photos.map((p, i) => (
          <li key={p.id} className="relative overflow-hidden rounded-lg">
            <img src={p.thumb_url} alt={`Photo ${i + 1}`} className="h-28 w-full object-cover" />
            {i === 0 && (
              <span className="absolute left-1 top-1 rounded bg-black/60 px-1.5 text-xs text-white">Cover</span>
            )}
            <button
              type="button"
              onClick={() => void remove(p.id)}
              className="absolute right-1 top-1 rounded bg-black/60 px-1.5 text-xs text-white"
              aria-label={`Delete photo ${i + 1}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {!photos.length && (
        <p className="text-sm text-slate-500 dark:text-slate-400">No photos yet. The first photo becomes the cover.</p>
      )}
    </div>
  );
}

function PublishStep({ property, slug, reload }: { property: Property; slug: string; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const toggle = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ message: string; publish: boolean }>(`/api/properties/${slug}/publish/`, {
        publish: !property.publish,
      });
      setProblems([]);
      notify.success(res.message);
      // spec 4: after the publish call the property is reloaded.
      await reload();
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setProblems(Object.values(e.fieldErrors).flat().map(String));
      notify.error(apiErrorMessage(e, 'Could not change the publish state'));
    } finally {
      setBusy(false);
    }
  };

  const archive = async (archived: boolean) => {
    setBusy(true);
    try {
      await api.post(`/api/properties/${slug}`, { archived });
      notify.success(archived ? 'Property archived' : 'Property restored');
      await reload();
    } catch (e) {
      notify.error(apiErrorMessage(e, 'Could not archive the property'));
    } finally {
      setBusy(false);
    }
  };

  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 text-sm dark:border-slate-800">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right text-slate-900 dark:text-white">{value}</dd>
    </div>
  );

  return (
    <div className="space-y-4">
      <dl>
        {row('Name', property.name)}
        {row('Price', formatPrice(property.price, property.currency))}
        {row('Address', property.full_address ?? '—')}
        {row(
          'Location',
          property.latitude !== null
            ? `${property.latitude.toFixed(5)}, ${property.longitude?.toFixed(5)}`
            : 'Not placed on the map',
        )}
        {row('Photos', property.featured_image ? 'Yes' : 'None')}
        {row('State', <PublishBadge state={property.publish_state} />)}
      </dl>
      {problems.length > 0 && (
        <Alert variant="warning" title="Before publishing">
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void toggle()} loading={busy} data-testid="publish-toggle">
          {property.publish ? 'Unpublish' : 'Publish'}
        </Button>
        {property.publish_state !== 'archived' ? (
          <Button variant="ghost" onClick={() => void archive(true)} disabled={busy}>
            Archive
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => void archive(false)} disabled={busy}>
            Restore
          </Button>
        )}
        {property.publish && (
          <Link
            href={`/properties/${property.slug}`}
            className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
            data-testid="view-public"
          >
            View public page
          </Link>
        )}
        {property.listing && (
          <Link
            href={`/listing/${property.listing.id}/open-houses`}
            className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
          >
            Open houses
          </Link>
        )}
      </div>
    </div>
  );
}
