import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { Button } from '@/components/ui';
import { formField } from '@/lib/form-field';

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
          autoComplete="current-password"
          autoFocus
          required
          {...formField(form, 'password')}
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
