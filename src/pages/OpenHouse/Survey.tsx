import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { Alert, Button, Checkbox, FormField, Select, TextAreaField } from '@/components/ui';
import { openHousesApi } from '@/api/open-houses';
import { useApiForm } from '@/hooks/useApiForm';
import type { OpenHouse } from '@contracts/open-houses';
import { when } from '@/components/listing/open-house';

interface Props {
  token: string;
  name: string;
  cancelled: boolean;
  submitted: boolean;
  openHouse: OpenHouse;
  property: { name: string; slug: string; full_address: string | null };
}

/** After the visit: a rating, interest and comments. */
export default function OpenHouseSurvey({ token, name, cancelled, submitted, openHouse, property }: Props) {
  const [done, setDone] = useState(submitted);
  const form = useApiForm(
    { rating: '5', interested: false, comments: '' },
    {
      successMessage: 'Thank you for your feedback',
      errorFallback: 'Could not send the survey',
      onSuccess: () => setDone(true),
    },
  );
  const { rating, interested } = form.data;
  const error = Object.values(form.errors).find(Boolean);
  const submit = form.handleSubmit((answers) =>
    openHousesApi.survey(token, { ...answers, rating: Number(answers.rating) }),
  );

  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
      <Head title="Open house survey" />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">How was your visit, {name}?</h1>
      <p className="text-slate-600 dark:text-slate-300">
        {property.name} · {when(openHouse)}
      </p>
      {cancelled ? (
        <Alert variant="info">This registration was cancelled.</Alert>
      ) : done ? (
        <Alert variant="success" title="Thank you">
          Your answers were sent to the realtor.
        </Alert>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          {error && <Alert variant="error">{error}</Alert>}
          <FormField label="Rating" name="rating">
            <Select
              id="rating"
              value={rating}
              onChange={(e) => form.set('rating', e.target.value)}
              options={['5', '4', '3', '2', '1'].map((v) => ({ value: v, label: `${v} / 5` }))}
            />
          </FormField>
          <Checkbox
            label="I am interested in this property"
            checked={interested}
            onChange={(e) => form.set('interested', e.target.checked)}
          />
          <TextAreaField label="Comments" id="comments" rows={4} {...form.field('comments')} />
          <Button type="submit" loading={form.processing}>
            Send
          </Button>
        </form>
      )}
    </div>
  );
}
