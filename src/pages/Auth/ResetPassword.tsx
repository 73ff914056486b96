import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { TextLink } from '@/components/auth/TextLink';
import { Button, TextField } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ token: string; email: string }>;

export default function ResetPassword({ token, email }: Props) {
  const form = useForm({ token, email, password: '', password_confirmation: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/reset-password', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title="Reset password" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
        />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          autoFocus
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
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Reset password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Link expired? <TextLink href="/forgot-password">Request a new one</TextLink>
      </p>
    </>
  );
}

ResetPassword.layout = { heading: 'Choose a new password' };
