import { useEffect, useState } from 'react';
import { LogoMark } from '@/components/icons';
import { Spinner } from '@/components/ui/Spinner';
import { isInstalledApp } from '@/lib/installed-app';
import { INSTALLED_SPINNER_FADE_MS, INSTALLED_SPINNER_VISIBLE_MS } from '@/lib/pwa';

type Phase = 'visible' | 'leaving' | 'gone';

/**
 * Launch cover for the installed app (spec 9): visible for 300 ms, then fades
 * out over 500 ms and unmounts. Not shown in a normal browser tab.
 */
export function InstalledAppSpinner({ installed = isInstalledApp() }: { installed?: boolean }) {
  const [phase, setPhase] = useState<Phase>(installed ? 'visible' : 'gone');

  useEffect(() => {
    if (!installed) return;
    const fade = setTimeout(() => setPhase('leaving'), INSTALLED_SPINNER_VISIBLE_MS);
    const remove = setTimeout(() => setPhase('gone'), INSTALLED_SPINNER_VISIBLE_MS + INSTALLED_SPINNER_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
    };
  }, [installed]);

  if (phase === 'gone') return null;
  return (
    <div
      data-testid="installed-app-spinner"
      data-leaving={phase === 'leaving'}
      className="app-splash bg-white text-brand-600 dark:bg-slate-950 dark:text-brand-400"
      style={{ transitionDuration: `${INSTALLED_SPINNER_FADE_MS}ms` }}
    >
      <div className="flex flex-col items-center gap-6">
        <LogoMark className="h-16 w-16" />
        <Spinner size="lg" label="Loading the app" />
      </div>
    </div>
  );
}
