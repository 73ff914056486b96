import { useState } from 'react';
import { tourPaths, toursApi, type TourMode } from '@/api/tours';
import { Button, Card, FormField, SelectField, TextAreaField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { localInputToIso } from '@/lib/datetime-local';

const INPUT =
  'w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none';

/** "Request a tour" on a listing: in person or by video, at one to three times in the buyer's own time zone. */
export function TourRequestForm({ propertyId }: { propertyId: string }) {
  const [done, setDone] = useState(false);
  const form = useApiForm(
    { mode: 'in_person' as TourMode, slots: ['', '', ''], message: '' },
    { successMessage: 'Tour requested', onSuccess: () => setDone(true), errorFallback: 'Could not request the tour' },
  );
  if (done) {
    return (
      <Card title="Request a tour">
        <p role="status" className="text-sm text-ink">
          Sent. The realtor will confirm or propose another time.{' '}
          <a className="text-accent-ink underline" href={tourPaths.index('buyer')}>
            Your tours
          </a>
        </p>
      </Card>
    );
  }
  return (
    <Card title="Request a tour">
      <form
        className="grid gap-3"
        onSubmit={form.handleSubmit((v) =>
          toursApi.request({
            property_id: propertyId,
            mode: v.mode,
            times: v.slots.map(localInputToIso).filter((t): t is string => !!t),
            message: v.message || undefined,
          }),
        )}
      >
        <SelectField
          label="Kind of tour"
          options={[
            { value: 'in_person', label: 'In person' },
            { value: 'video', label: 'Video call' },
          ]}
          {...form.field('mode')}
        />
        <FormField label="Times that suit you (up to three)" name="times" error={form.errors.times}>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {form.data.slots.map((slot, i) => (
              <input
                key={i}
                type="datetime-local"
                aria-label={`Time ${i + 1}`}
                className={INPUT}
                value={slot}
                onChange={(e) =>
                  form.set(
                    'slots',
                    form.data.slots.map((s, j) => (j === i ? e.target.value : s)),
                  )
                }
              />
            ))}
          </div>
        </FormField>
        <TextAreaField label="Message (optional)" rows={2} {...form.field('message')} />
        <Button type="submit" loading={form.processing}>
          Request a tour
        </Button>
      </form>
    </Card>
  );
}
