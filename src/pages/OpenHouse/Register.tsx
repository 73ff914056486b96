import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { Alert, Button, TextField } from '@/components/ui';
import { openHousePaths, openHousesApi } from '@/api/open-houses';
import { useApiForm } from '@/hooks/useApiForm';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { OpenHouseHeader, type OpenHousePageProps } from '@/components/listing/open-house';

interface Props extends OpenHousePageProps {
  prefill: { name: string; email: string } | null;
}

/** RSVP with name and email; the server enforces the capacity. */
export default function OpenHouseRegister({ openHouse, property, photos, prefill }: Props) {
  const [done, setDone] = useState<{ token: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const form = useApiForm(
    { name: prefill?.name ?? '', email: prefill?.email ?? '' },
    {
      successMessage: 'You are registered',
      errorFallback: 'Could not register you',
      onSuccess: (res: { rsvp: { token: string } }) => setDone({ token: res.rsvp.token }),
    },
  );
  const { errors } = form;
  const submit = form.handleSubmit((visitor) => openHousesApi.register(openHouse.id, visitor));

  const cancel = async () => {
    if (!done) return;
    setCancelling(true);
    try {
      const res = await openHousesApi.cancel(done.token);
      window.location.href = res.redirect;
    } catch (err) {
      notify.error(errorMessage(err, 'Could not cancel the registration'));
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
            <Link href={openHousePaths.survey(done.token)} className="underline">
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
          <TextField label="Your name" {...form.field('name')} autoComplete="name" />
          <TextField label="Email" type="email" {...form.field('email')} autoComplete="email" />
          <Button type="submit" loading={form.processing} disabled={openHouse.spots_left <= 0}>
            {openHouse.spots_left > 0 ? 'Register' : 'Full'}
          </Button>
        </form>
      )}
    </div>
  );
}
