import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { FlashStatus } from '@/components/auth/FlashStatus';
import { TextLink } from '@/components/auth/TextLink';
import { Button, TextField } from '@/components/ui';
import { formField } from '@/lib/form-field';

export default function ForgotPassword() {
  const form = useForm({ email: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/forgot-password');
  };

  return (
    <>
      <Head title="Forgot password" />
      <FlashStatus />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField label="Email" type="email" autoComplete="email" autoFocus required {...formField(form, 'email')} />
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Email me a reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it? <TextLink href="/login">Back to log in</TextLink>
      </p>
    </>
  );
}

ForgotPassword.layout = {
  heading: 'Forgot your password?',
  intro: 'Enter your email and we will send you a link to choose a new one.',
};
