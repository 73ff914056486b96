import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import type { Listing } from '@contracts/listings';
import type { LinkedPage } from '@contracts/common';
import { Alert, BackLink, Button, Card, TextField } from '@/components/ui';
import { listingPaths } from '@/api/listings';
import { openHousePaths, openHousesApi } from '@/api/open-houses';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import type { OpenHouse, Rsvp } from '@contracts/open-houses';
import { when } from '@/components/listing/open-house';
import { useAttempt } from '@/hooks/useAttempt';

/** The realtor schedules open houses for a listing and sees who registered. */
export default function OpenHouseManage({
  listing,
  openHouses: initial,
}: {
  listing: Listing;
  openHouses: OpenHouse[];
}) {
  const { attempt } = useAttempt();
  const [houses, setHouses] = useState(initial);
  const form = useApiForm(
    { starts_at: '', ends_at: '', capacity: '20', notes: '' },
    {
      successMessage: 'Open house scheduled',
      errorFallback: 'Could not schedule the open house',
      onSuccess: (res: { open_house: OpenHouse }) =>
        setHouses((h) => [...h, res.open_house].sort((a, b) => a.starts_at.localeCompare(b.starts_at))),
    },
  );
  const [rsvps, setRsvps] = useState<Record<string, LinkedPage<Rsvp>>>({});
  const isoOrEmpty = (local: string) => (local ? new Date(local).toISOString() : '');

  const create = form.handleSubmit((values) =>
    openHousesApi.schedule(listing.id, {
      ...values,
      starts_at: isoOrEmpty(values.starts_at),
      ends_at: isoOrEmpty(values.ends_at),
      capacity: Number(values.capacity),
    }),
  );

  const showRsvps = async (id: string, page = 1) => {
    await attempt(async () => {
      const res = await openHousesApi.rsvps(id, page);
      setRsvps((r) => ({ ...r, [id]: res }));
    }, 'Could not load the registrations');
  };

  const remove = async (id: string) => {
    if (!window.confirm('Remove this open house and its registrations?')) return;
    await attempt(async () => {
      await openHousesApi.remove(id);
      setHouses((h) => h.filter((x) => x.id !== id));
      notify.success('Open house removed');
    }, 'Could not remove the open house');
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <Head title={`Open houses: ${listing.name}`} />
      <BackLink href={listingPaths.show(listing.id)}>{listing.name}</BackLink>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Open houses</h1>
      {listing.property.publish_state !== 'published' && (
        <Alert variant="warning">Publish the property so visitors can register.</Alert>
      )}
      <Card title="Schedule an open house">
        <form onSubmit={create} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField label="Starts" type="datetime-local" {...form.field('starts_at')} />
          <TextField label="Ends" type="datetime-local" {...form.field('ends_at')} />
          <TextField label="Capacity" type="number" min={1} {...form.field('capacity')} />
          <div className="sm:col-span-3">
            <TextField label="Notes for visitors" {...form.field('notes')} />
          </div>
          <div>
            <Button type="submit" loading={form.processing}>
              Schedule
            </Button>
          </div>
        </form>
      </Card>
      <ul className="space-y-3">
        {houses.map((h) => (
          <li key={h.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">{when(h)}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {h.registered} registered of {h.capacity}
                  {h.has_ended ? ' · ended' : ''}
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => void showRsvps(h.id)}>
                  RSVP list
                </Button>
                <Link
                  href={openHousePaths.show(h.id)}
                  className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
                >
                  Public page
                </Link>
                <Button size="sm" variant="danger" onClick={() => void remove(h.id)}>
                  Remove
                </Button>
              </div>
            </div>
            {rsvps[h.id] && (
              <table className="mt-3 w-full text-left text-sm">
                <thead>
                  <tr className="text-slate-500">
                    <th>Name</th>
                    <th>Email</th>
                    <th>Status</th>
                    <th>Survey</th>
                  </tr>
                </thead>
                <tbody>
                  {rsvps[h.id].data.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800 dark:text-slate-200">
                      <td>{r.name}</td>
                      <td className="break-all">{r.email}</td>
                      <td>{r.cancelled ? 'Cancelled' : 'Registered'}</td>
                      <td>{r.survey ? `${r.survey.rating}/5${r.survey.interested ? ', interested' : ''}` : '—'}</td>
                    </tr>
                  ))}
                  {!rsvps[h.id].data.length && (
                    <tr>
                      <td colSpan={4} className="text-slate-500">
                        No registrations yet.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            )}
          </li>
        ))}
        {!houses.length && <li className="text-sm text-slate-500 dark:text-slate-400">No open houses yet.</li>}
      </ul>
    </div>
  );
}
