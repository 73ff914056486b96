import { Head } from '@inertiajs/react';
import { useState, useSyncExternalStore } from 'react';
import { DownloadIcon } from '@/components/icons';
import { Alert, Button, Card } from '@/components/ui';
import { useAppName } from '@/hooks/useSharedProps';
import { isInstalledApp } from '@/lib/installed-app';
import { getInstallPrompt, promptInstall, subscribeToInstallPrompt } from '@/lib/pwa';
import type { PageProps } from '@/types';

const platforms = [
  {
    name: 'Android (Chrome, Edge, Samsung Internet)',
    steps: ['Open the browser menu (⋮).', 'Tap "Install app" or "Add to Home screen".', 'Confirm with "Install".'],
  },
  {
    name: 'iPhone and iPad (Safari)',
    steps: [
      'Tap the Share button (square with an arrow).',
      'Scroll and tap "Add to Home Screen".',
      'Tap "Add" in the top corner.',
    ],
  },
  {
    name: 'Desktop (Chrome, Edge)',
    steps: [
      'Click the install icon at the right of the address bar.',
      'Or open the menu and choose "Install Reelty".',
      'The app opens in its own window.',
    ],
  },
];

export default function PwaInstall(_props: PageProps) {
  const appName = useAppName();
  const installPrompt = useSyncExternalStore(subscribeToInstallPrompt, getInstallPrompt, () => null);
  const [outcome, setOutcome] = useState<'accepted' | 'dismissed' | 'unavailable' | null>(null);
  const installed = isInstalledApp();

  const install = async () => setOutcome(await promptInstall());

  return (
    <>
      <Head title="Install the app" />
      <div className="mx-auto max-w-3xl space-y-8">
        <header className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Install {appName}</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Add {appName} to your home screen for a full-screen feed, faster start-up and a quick way back to your
            chats.
          </p>
        </header>

        {installed ? (
          <Alert variant="success" title="You are using the installed app">
            Nothing more to do. Updates arrive automatically; you will see a notice when a new version is ready.
          </Alert>
        ) : (
          <Card className="text-center">
            {installPrompt ? (
              <div className="flex flex-col items-center gap-3">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Your browser can install {appName} in one step.
                </p>
                <Button size="lg" onClick={install}>
                  <DownloadIcon className="h-5 w-5" /> Install {appName}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Your browser does not offer one-click install here. Follow the steps for your device below.
              </p>
            )}
            {outcome === 'accepted' && (
              <Alert variant="success" className="mt-4">
                Installed! You can open {appName} from your home screen or app list.
              </Alert>
            )}
            {outcome === 'dismissed' && (
              <Alert variant="info" className="mt-4">
                No problem — you can install later from this page.
              </Alert>
            )}
          </Card>
        )}

        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {platforms.map((platform) => (
            <Card key={platform.name} title={platform.name}>
              <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-600 dark:text-slate-300">
                {platform.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          ))}
        </div>
      </div>
    </>
  );
}
