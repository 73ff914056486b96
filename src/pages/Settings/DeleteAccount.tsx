import { Head, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { PasswordConfirmForm } from '@/components/settings/PasswordConfirmForm';
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
          <PasswordConfirmForm
            form={form}
            label="Confirm with your password"
            submitLabel="Delete my account"
            variant="danger"
            className="mt-5 space-y-4"
            onSubmit={submit}
            onCancel={() => setAsking(false)}
          />
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
