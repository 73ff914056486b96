import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { Button } from '@/components/ui';

export default function ConfirmPassword() {
  const form = useForm({ password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/user/confirm-password', { onFinish: () => form.reset('password') });
  };

  return (
    <>
      <Head title="Confirm password" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          autoFocus
          required
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={form.errors.password}
        />
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Confirm
        </Button>
      </form>
    </>
  );
}

ConfirmPassword.layout = {
  heading: 'Confirm your password',
  intro: 'This is a secure area. Please confirm your password before continuing.',
};
