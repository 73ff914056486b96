import { Head, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components/ui';
import { formField } from '@/lib/form-field';

export default function TwoFactorChallenge() {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ code: '', recovery_code: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => (recovery ? { recovery_code: data.recovery_code } : { code: data.code }));
    form.post('/two-factor-challenge', { onError: () => form.reset('code', 'recovery_code') });
  };

  const toggle = () => {
    setRecovery((value) => !value);
    form.clearErrors();
    form.reset('code', 'recovery_code');
  };

  return (
    <>
      <Head title="Two-factor confirmation" />
      <p className="mb-5 text-center text-sm text-slate-600 dark:text-slate-300">
        {recovery
          ? 'Enter one of your emergency recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <form onSubmit={submit} className="space-y-5" noValidate>
        {recovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            autoComplete="one-time-code"
            autoFocus
            {...formField(form, 'recovery_code')}
          />
        ) : (
          <TextField
            key="code"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            inputClassName="text-center font-mono text-lg tracking-[0.5em]"
            {...formField(form, 'code', (value) => value.replace(/\D/g, ''))}
          />
        )}
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Continue
        </Button>
      </form>
      <button
        type="button"
        onClick={toggle}
        className="mt-5 w-full text-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        {recovery ? 'Use an authentication code' : 'Use a recovery code'}
      </button>
    </>
  );
}

TwoFactorChallenge.layout = { heading: 'Two-factor authentication' };
