import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { PasswordFields } from '@/components/auth/PasswordFields';
import { SaveBar } from '@/components/settings/SaveBar';
import { Card } from '@/components/ui';
import { formField } from '@/lib/form-field';

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
              autoComplete="current-password"
              required
              {...formField(form, 'current_password')}
            />
            <PasswordFields form={form} replacing />
          </div>
        </Card>
      </form>
    </>
  );
}

PasswordSettings.layout = { settingsTitle: 'Password' };
