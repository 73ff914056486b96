import { Head, useForm } from '@inertiajs/react';
import { readAffiliateRef } from '@/lib/affiliate-ref';
import { formField } from '@/lib/form-field';
import type { FormEvent } from 'react';
import { PasswordFields } from '@/components/auth/PasswordFields';
import { TextLink } from '@/components/auth/TextLink';
import { Button, FormField, Select, TextField, type SelectOption } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ accountTypes: SelectOption[] }>;

export default function Register({ accountTypes }: Props) {
  // The affiliate `ref` the browser kept from an earlier visit travels with the sign-up (the server also reads the
  // tracked-link cookie, which survives when script storage was purged).
  const form = useForm({
    name: '',
    email: '',
    handle: '',
    type: 'viewer',
    password: '',
    password_confirmation: '',
    ref: readAffiliateRef()?.ref ?? '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/register', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title="Create an account" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField label="Name" autoComplete="name" autoFocus required {...formField(form, 'name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField label="I am a" name="type" error={form.errors.type} required>
            <Select
              options={accountTypes}
              value={form.data.type}
              onChange={(e) => form.setData('type', e.target.value)}
            />
          </FormField>
          <TextField
            label="Handle"
            autoComplete="username"
            placeholder="optional"
            hint="Letters, digits, _ and ."
            {...formField(form, 'handle', (value) => value.toLowerCase())}
          />
        </div>
        <PasswordFields form={form} />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          By creating an account you agree to our <TextLink href="/legal/terms">terms</TextLink> and{' '}
          <TextLink href="/legal/privacy">privacy policy</TextLink>.
        </p>
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Create account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already registered? <TextLink href="/login">Log in</TextLink>
      </p>
    </>
  );
}

Register.layout = {
  heading: 'Create your account',
  intro: 'Share listings with video, chat with buyers and design rooms with AI.',
};
