import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { PasswordFields } from '@/components/auth/PasswordFields';
import { TextLink } from '@/components/auth/TextLink';
import { Button, TextField } from '@/components/ui';
import { formField } from '@/lib/form-field';
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
        <TextField label="Email" type="email" autoComplete="username" required {...formField(form, 'email')} />
        <PasswordFields form={form} replacing autoFocus />
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
