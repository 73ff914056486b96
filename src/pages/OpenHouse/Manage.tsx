import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import type { Listing } from '@contracts/listings';
import type { LinkedPage } from '@contracts/common';
import { Alert, Button, Card, TextField } from '@/components/ui';
import { ApiError, api } from '@/lib/http';
import { notify } from '@/lib/toast';
import { when, type OpenHouseJson } from '@/components/listing/open-house';

interface Rsvp {
  id: string;
  name: string;
  email: string;
  cancelled: boolean;
  survey: { rating: number; interested: boolean; comments: string | null } | null;
  created_at: string;
}

/** The realtor schedules open houses for a listing and sees who registered. */
export default function OpenHouseManage({
  listing,
  openHouses: initial,
}: {
  listing: Listing;
  openHouses: OpenHouseJson[];
}) {
  const [houses, setHouses] = useState(initial);
  const [form, setForm] = useState({ starts_at: '', ends_at: '', capacity: '20', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rsvps, setRsvps] = useState<Record<string, LinkedPage<Rsvp>>>({});

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const body = {
        ...form,
        starts_at: form.starts_at ? new Date(form.starts_at).toISOString() : '',
        ends_at: form.ends_at ? new Date(form.ends_at).toISOString() : '',
        capacity: Number(form.capacity),
      };
      const res = await api.post<{ open_house: OpenHouseJson }>(`/api/listings/${listing.id}/open-houses`, body);
      setHouses((h) => [...h, res.open_house].sort((a, b) => a.starts_at.localeCompare(b.starts_at)));
      setErrors({});
      notify.success('Open house scheduled');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors(
          Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
        );
      else notify.error((err as Error).message);
    }
  };

  const showRsvps = async (id: string, page = 1) => {
    try {
      const res = await api.get<LinkedPage<Rsvp>>(`/api/open-houses/${id}/rsvps`, { query: { page } });
      setRsvps((r) => ({ ...r, [id]: res }));
    } catch (err) {
      notify.error((err as Error).message);
    }
  };

  const remove = async (id: string) => {
    if (!window.confirm('Remove this open house and its registrations?')) return;
    await api.delete(`/api/open-houses/${id}`);
    setHouses((h) => h.filter((x) => x.id !== id));
    notify.success('Open house removed');
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <Head title={`Open houses: ${listing.name}`} />
      <Link href={`/listing/${listing.id}`} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
        ← {listing.name}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Open houses</h1>
      {listing.property.publish_state !== 'published' && (
        <Alert variant="warning">Publish the property so visitors can register.</Alert>
      )}
      <Card title="Schedule an open house">
        <form onSubmit={create} className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Starts"
            name="starts_at"
            type="datetime-local"
            value={form.starts_at}
            onChange={(e) => setForm({ ...form, starts_at: e.target.value })}
            error={errors.starts_at}
          />
          <TextField
            label="Ends"
            name="ends_at"
            type="datetime-local"
            value={form.ends_at}
            onChange={(e) => setForm({ ...form, ends_at: e.target.value })}
            error={errors.ends_at}
          />
          <TextField
            label="Capacity"
            name="capacity"
            type="number"
            min={1}
            value={form.capacity}
            onChange={(e) => setForm({ ...form, capacity: e.target.value })}
            error={errors.capacity}
          />
          <div className="sm:col-span-3">
            <TextField
              label="Notes for visitors"
              name="notes"
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
              error={errors.notes}
            />
          </div>
          <div>
            <Button type="submit">Schedule</Button>
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
                  href={`/open-houses/${h.id}`}
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
