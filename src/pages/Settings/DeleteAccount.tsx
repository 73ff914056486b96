import { Head, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { Alert, Button, Card } from '@/components/ui';

export default function DeleteAccount() {
  const [asking, setAsking] = useState(false);
  const form = useForm({ password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.delete('/settings/delete-account', { preserveScroll: true, onError: () => form.reset('password') });
  };

  return (
    <>
      <Head title="Delete account" />
      <Card
        title="Delete your account"
        description="This permanently removes your profile, addresses, linked accounts and sessions."
      >
        <Alert variant="error" title="This cannot be undone">
          Download anything you want to keep first. Listings, chats and designs tied to your account are removed too.
        </Alert>
        {asking ? (
          <form onSubmit={submit} className="mt-5 space-y-4">
            <PasswordField
              label="Confirm with your password"
              name="password"
              autoComplete="current-password"
              autoFocus
              required
              value={form.data.password}
              onChange={(e) => form.setData('password', e.target.value)}
              error={form.errors.password}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" loading={form.processing}>
                Delete my account
              </Button>
              <Button variant="ghost" onClick={() => setAsking(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="danger" className="mt-5" onClick={() => setAsking(true)}>
            Delete account…
          </Button>
        )}
      </Card>
    </>
  );
}

DeleteAccount.layout = { settingsTitle: 'Delete account' };
