import { Head, useForm } from '@inertiajs/react';
import { PasswordField } from '@/components/auth/PasswordField';
import { PasswordFields } from '@/components/auth/PasswordFields';
import { SettingsFormCard } from '@/components/settings/SettingsFormCard';
import { formField } from '@/lib/form-field';

export default function PasswordSettings() {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });

  return (
    <>
      <Head title="Password" />
      <SettingsFormCard
        form={form}
        put="/settings/password"
        options={{ onSuccess: () => form.reset(), onError: () => form.reset('password', 'password_confirmation') }}
        title="Change password"
        description="Use a long, unique password. Other devices are signed out when you change it."
        saveLabel="Update password"
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
      </SettingsFormCard>
    </>
  );
}

PasswordSettings.layout = { settingsTitle: 'Password' };
