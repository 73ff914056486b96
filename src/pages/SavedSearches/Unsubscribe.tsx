import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button, Card } from '@/components/ui';
import { marketPaths, savedSearchPaths } from '@/api/market';

interface Props {
  token: string;
  done: boolean;
}

/** One-click unsubscribe from saved-search emails: the link shows this page, and only the button's POST acts. */
export default function Unsubscribe({ token, done }: Props) {
  const form = useForm({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.post(savedSearchPaths.unsubscribe(token));
  };
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Head title="Saved-search emails" />
      <Card title={done ? 'You are unsubscribed' : 'Stop saved-search emails?'}>
        {done ? (
          <p className="text-sm text-ink-muted" data-testid="unsubscribed">
            We will not email you about saved searches any more. New matches still show in your notifications.
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <p className="text-sm text-ink-muted">
              You will get no more emails about new listings, price drops or status changes for your saved searches.
            </p>
            <Button type="submit" loading={form.processing} data-testid="confirm-unsubscribe">
              Unsubscribe
            </Button>
          </form>
        )}
        <p className="mt-4 text-sm">
          <Link href={marketPaths.search} className="text-brand-600 hover:underline dark:text-brand-300">
            Back to the market
          </Link>
        </p>
      </Card>
    </div>
  );
}
