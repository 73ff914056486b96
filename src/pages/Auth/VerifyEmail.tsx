import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { FlashStatus } from '@/components/auth/FlashStatus';
import { Button } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ email: string }>;

export default function VerifyEmail({ email }: Props) {
  const form = useForm({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/email/verification-notification', { preserveScroll: true });
  };

  return (
    <>
      <Head title="Verify your email" />
      <FlashStatus
        messages={{ 'verification-link-sent': 'A new verification link has been sent to your email address.' }}
      />
      <div
        className="mx-auto mb-6 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-7 w-7">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75"
          />
        </svg>
      </div>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        We sent a verification link to <span className="font-semibold text-slate-900 dark:text-white">{email}</span>.
        Click it to finish setting up your account.
      </p>
      <p className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">
        You can keep exploring in the meantime; some features need a verified address.
      </p>
      <form onSubmit={submit} className="mt-6">
        <Button type="submit" fullWidth loading={form.processing}>
          Resend verification email
        </Button>
      </form>
      <div className="mt-4 flex items-center justify-between text-sm">
        <Link
          href="/settings/profile"
          className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          Wrong address? Edit profile
        </Link>
        <Link
          href="/logout"
          method="post"
          as="button"
          className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          Log out
        </Link>
      </div>
    </>
  );
}

VerifyEmail.layout = { heading: 'Check your inbox' };
