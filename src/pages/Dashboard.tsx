import { Head, Link } from '@inertiajs/react';
import { Alert, ButtonLink, Card } from '@/components/ui';
import { ChatIcon, CogIcon, HomeIcon, SparklesIcon } from '@/components/icons';
import type { AuthUser, PageProps } from '@/types';

type Props = PageProps<{ user: AuthUser }>;

const shortcuts = [
  { title: 'Listings', text: 'Drafts, published and archived homes.', href: '/listings', icon: HomeIcon },
  { title: 'Chats', text: 'Conversations and new requests.', href: '/chats', icon: ChatIcon },
  { title: 'AI designer', text: 'Furnish a room from one photo.', href: '/designer', icon: SparklesIcon },
  { title: 'Settings', text: 'Profile, security and notifications.', href: '/settings/profile', icon: CogIcon },
];

export default function Dashboard({ user }: Props) {
  const firstName = user.name.split(' ')[0] || user.name;
  return (
    <>
      <Head title="Dashboard" />
      <div className="mx-auto max-w-5xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Hi {firstName}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Here is where you pick up where you left off.
          </p>
        </div>
        {!user.emailVerifiedAt && (
          <Alert variant="warning" title="Please verify your email address">
            Some features need a verified address.{' '}
            <Link href="/email/verify" className="font-semibold underline">
              Resend the link
            </Link>
            .
          </Alert>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {shortcuts.map(({ title, text, href, icon: Icon }) => (
            <Link
              key={href}
              href={href}
              className="group flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
                <Icon className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-300">
                  {title}
                </span>
                <span className="mt-0.5 block text-sm text-slate-500 dark:text-slate-400">{text}</span>
              </span>
            </Link>
          ))}
        </div>
        {!user.twoFactorEnabled && (
          <Card title="Protect your account" description="Add a second step to your login with an authenticator app.">
            <ButtonLink href="/settings/two-factor" variant="secondary">
              Set up two-factor authentication
            </ButtonLink>
          </Card>
        )}
      </div>
    </>
  );
}
