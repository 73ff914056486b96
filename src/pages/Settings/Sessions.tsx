import { LaptopIcon, PhoneIcon } from '@/components/icons';
import { Head, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { PasswordConfirmForm } from '@/components/settings/PasswordConfirmForm';
import { Button, Card } from '@/components/ui';
import type { PageProps } from '@/types';

interface Session {
  id: string;
  ip: string | null;
  lastActiveAt: string;
  isCurrent: boolean;
  device: { browser: string; platform: string; mobile: boolean };
}

function timeAgo(iso: string): string {
  const seconds = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (seconds < 90) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export default function SessionSettings({ sessions }: PageProps<{ sessions: Session[] }>) {
  const [asking, setAsking] = useState(false);
  const form = useForm({ password: '' });
  const others = sessions.filter((s) => !s.isCurrent).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/settings/sessions/logout-others', {
      preserveScroll: true,
      onSuccess: () => {
        form.reset();
        setAsking(false);
      },
      onError: () => form.reset('password'),
    });
  };

  return (
    <>
      <Head title="Browser sessions" />
      <Card
        padded={false}
        title="Where you're signed in"
        description="If you see a device you don't recognise, log out of other sessions and change your password."
      >
        <ul className="divide-y divide-line">
          {sessions.map((session) => (
            <li key={session.id} className="flex items-center gap-4 px-5 py-4">
              <span
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                aria-hidden="true"
              >
                {session.device.mobile ? <PhoneIcon className="h-5 w-5" /> : <LaptopIcon className="h-5 w-5" />}
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">
                  {session.device.browser} on {session.device.platform}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {session.ip ?? 'Unknown IP'} ·{' '}
                  {session.isCurrent ? (
                    <span className="font-semibold text-emerald-600 dark:text-emerald-400">This device</span>
                  ) : (
                    `Last active ${timeAgo(session.lastActiveAt)}`
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        title="Log out other sessions"
        description={
          others > 0
            ? `You are signed in on ${others} other session${others === 1 ? '' : 's'}.`
            : 'No other sessions right now.'
        }
      >
        {asking ? (
          <PasswordConfirmForm
            form={form}
            label="Password"
            submitLabel="Log out other sessions"
            onSubmit={submit}
            onCancel={() => setAsking(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Log out other sessions…
          </Button>
        )}
      </Card>
    </>
  );
}

SessionSettings.layout = { settingsTitle: 'Browser sessions' };
