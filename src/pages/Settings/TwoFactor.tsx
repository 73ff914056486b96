import { Head, router, useForm } from '@inertiajs/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{
  enabled: boolean;
  pending: boolean;
  setup: { secret: string; otpauthUrl: string; qrSvg: string } | null;
  recoveryCodes: string[] | null;
  remainingRecoveryCodes: number;
  passwordConfirmed: boolean;
}>;

function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
  };
  return (
    <Alert variant="warning" title="Save your recovery codes now">
      <p>
        Store these somewhere safe. Each one signs you in once if you lose your device. They will not be shown again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-4" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white/70 px-2 py-1 text-center dark:bg-slate-900/60">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" className="mt-3" onClick={copy}>
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </Alert>
  );
}

const SETUP_FLAG = 'setup';

export default function TwoFactorSettings({
  enabled,
  pending,
  setup,
  recoveryCodes,
  remainingRecoveryCodes,
  passwordConfirmed,
}: Props) {
  const confirm = useForm({ code: '' });
  const [busy, setBusy] = useState(false);
  const act = (method: 'post' | 'delete', url: string) => {
    setBusy(true);
    router[method](url, {}, { preserveScroll: true, onFinish: () => setBusy(false) });
  };
  // One click: "Set up" remembers the wish in the address (?setup=1), so coming back from the password
  // confirmation the setup starts by itself instead of asking for a second click.
  const startSetup = () => {
    if (!passwordConfirmed) {
      const url = new URL(window.location.href);
      url.searchParams.set(SETUP_FLAG, '1');
      window.history.replaceState(window.history.state, '', url);
    }
    act('post', '/settings/two-factor');
  };
  const resumed = useRef(false);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SETUP_FLAG) || resumed.current) return;
    resumed.current = true;
    url.searchParams.delete(SETUP_FLAG);
    window.history.replaceState(window.history.state, '', url);
    if (passwordConfirmed && !enabled && !pending) act('post', '/settings/two-factor');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.post('/settings/two-factor/confirm', { preserveScroll: true, onError: () => confirm.reset('code') });
  };

  const status = enabled ? (
    <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
      On
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      Off
    </span>
  );

  return (
    <>
      <Head title="Two-factor authentication" />
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      <Card
        title={<span className="flex items-center gap-2">Authenticator app {status}</span>}
        description="After your password, you will be asked for a 6-digit code from an app such as Google Authenticator, 1Password or Authy."
      >
        {enabled ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Two-factor authentication is on. You have <strong>{remainingRecoveryCodes}</strong> unused recovery code
              {remainingRecoveryCodes === 1 ? '' : 's'}.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                loading={busy}
                onClick={() => act('post', '/settings/two-factor/recovery-codes')}
              >
                Regenerate recovery codes
              </Button>
              <Button variant="danger" loading={busy} onClick={() => act('delete', '/settings/two-factor')}>
                Turn off
              </Button>
            </div>
          </div>
        ) : pending && setup ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-[auto_1fr]">
            <div
              className="mx-auto h-48 w-48 rounded-xl bg-white p-2 ring-1 ring-slate-200 [&>svg]:h-full [&>svg]:w-full"
              role="img"
              aria-label="QR code to scan with your authenticator app"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <div className="space-y-4">
              <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
                <li>Scan the QR code with your authenticator app.</li>
                <li>
                  Or type this key:{' '}
                  <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {setup.secret}
                  </code>
                </li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <form onSubmit={submitCode} className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <TextField
                  label="Code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  inputClassName="font-mono tracking-widest"
                  value={confirm.data.code}
                  onChange={(e) => confirm.setData('code', e.target.value.replace(/\D/g, ''))}
                  error={confirm.errors.code}
                />
                <Button type="submit" className="sm:mt-6" loading={confirm.processing}>
                  Confirm
                </Button>
              </form>
              <Button variant="ghost" size="sm" loading={busy} onClick={() => act('delete', '/settings/two-factor')}>
                Cancel setup
              </Button>
            </div>
          </div>
        ) : (
          <Button loading={busy} onClick={startSetup}>
            Set up two-factor authentication
          </Button>
        )}
      </Card>
    </>
  );
}

TwoFactorSettings.layout = {
  settingsTitle: 'Two-factor authentication',
  settingsIntro: 'Add a second step to your login. You will confirm your password first.',
};
