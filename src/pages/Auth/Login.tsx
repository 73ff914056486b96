import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { FlashStatus } from '@/components/auth/FlashStatus';
import { PasswordField } from '@/components/auth/PasswordField';
import { TextLink } from '@/components/auth/TextLink';
import { Button, Checkbox, TextField } from '@/components/ui';
import type { PageProps } from '@/types';
import { formField } from '@/lib/form-field';

type Props = PageProps<{ canResetPassword: boolean; canRegister: boolean }>;

export default function Login({ canResetPassword, canRegister }: Props) {
  const form = useForm({ email: '', password: '', remember: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/login', { onFinish: () => form.reset('password') });
  };

  return (
    <>
      <Head title="Log in" />
      <FlashStatus />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          {...formField(form, 'email')}
        />
        <div className="space-y-1.5">
          <PasswordField label="Password" autoComplete="current-password" required {...formField(form, 'password')} />
          {canResetPassword && (
            <div className="text-right text-sm">
              <TextLink href="/forgot-password">Forgot your password?</TextLink>
            </div>
          )}
        </div>
        <Checkbox
          label="Remember me"
          name="remember"
          checked={form.data.remember}
          onChange={(e) => form.setData('remember', e.target.checked)}
        />
        <Button type="submit" fullWidth size="lg" loading={form.processing}>
          Log in
        </Button>
      </form>
      {canRegister && (
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          New here? <TextLink href="/register">Create an account</TextLink>
        </p>
      )}
    </>
  );
}

Login.layout = { heading: 'Welcome back', intro: 'Log in to manage your listings, chats and designs.' };
