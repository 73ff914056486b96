import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { SaveBar } from '@/components/settings/SaveBar';
import { Card } from '@/components/ui';

export default function PasswordSettings() {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put('/settings/password', {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: () => form.reset('password', 'password_confirmation'),
    });
  };

  return (
    <>
      <Head title="Password" />
      <form onSubmit={submit}>
        <Card
          title="Change password"
          description="Use a long, unique password. Other devices are signed out when you change it."
          footer={<SaveBar processing={form.processing} saved={form.recentlySuccessful} label="Update password" />}
        >
          <div className="space-y-5">
            <PasswordField
              label="Current password"
              name="current_password"
              autoComplete="current-password"
              required
              value={form.data.current_password}
              onChange={(e) => form.setData('current_password', e.target.value)}
              error={form.errors.current_password}
            />
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              hint="At least 8 characters."
              value={form.data.password}
              onChange={(e) => form.setData('password', e.target.value)}
              error={form.errors.password}
            />
            <PasswordField
              label="Confirm new password"
              name="password_confirmation"
              autoComplete="new-password"
              required
              value={form.data.password_confirmation}
              onChange={(e) => form.setData('password_confirmation', e.target.value)}
              error={form.errors.password_confirmation}
            />
          </div>
        </Card>
      </form>
    </>
  );
}

PasswordSettings.layout = { settingsTitle: 'Password' };
