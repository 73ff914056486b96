import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, api } from '@/lib/http';
import { notify } from '@/lib/toast';
import { OpenHouseHeader, type OpenHousePageProps } from '@/components/listing/open-house';

interface Props extends OpenHousePageProps {
  prefill: { name: string; email: string } | null;
}

/** RSVP with name and email; the server enforces the capacity. */
export default function OpenHouseRegister({ openHouse, property, photos, prefill }: Props) {
  const [name, setName] = useState(prefill?.name ?? '');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ token: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post<{ rsvp: { token: string } }>(`/api/open-houses/${openHouse.id}/rsvp`, { name, email });
      setDone({ token: res.rsvp.token });
      setErrors({});
      notify.success('You are registered');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors(
          Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
        );
      else notify.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!done) return;
    setCancelling(true);
    try {
      const res = await api.post<{ redirect: string }>(`/api/open-houses/rsvp/${done.token}/cancel`);
      window.location.href = res.redirect;
    } catch (err) {
      notify.error((err as Error).message);
      setCancelling(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Head title={`Register: ${property.name}`} />
      <OpenHouseHeader openHouse={openHouse} property={property} photos={photos} />
      {done ? (
        <Alert variant="success" title="You are registered">
          <p>We look forward to seeing you. Keep this page's links:</p>
          <p className="mt-2 flex flex-wrap gap-3">
            <Link href={`/open-houses/rsvp/${done.token}/survey`} className="underline">
              After your visit: tell us what you thought
            </Link>
            <button type="button" onClick={() => void cancel()} disabled={cancelling} className="underline">
              Cancel my registration
            </button>
          </p>
        </Alert>
      ) : openHouse.has_ended ? (
        <Alert variant="info">This open house has ended.</Alert>
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          {errors.capacity && <Alert variant="warning">{errors.capacity}</Alert>}
          <TextField
            label="Your name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            autoComplete="name"
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            autoComplete="email"
          />
          <Button type="submit" loading={busy} disabled={openHouse.spots_left <= 0}>
            {openHouse.spots_left > 0 ? 'Register' : 'Full'}
          </Button>
        </form>
      )}
    </div>
  );
}
