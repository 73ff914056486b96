import type { ReactNode } from 'react';
import { AppLayout } from '@/layouts';

/**
 * The layout of public campaign pages: the app's, or bare when framed on a realtor's site (`?embed=1`).
 * A function declaration, as Inertia expects of layouts.
 */
export function CampaignFrame({ children }: { children?: ReactNode }) {
  const embedded = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('embed');
  if (embedded) return <main className="min-h-screen bg-canvas p-4 text-ink">{children}</main>;
  return <AppLayout>{children}</AppLayout>;
}

/** The centred column public campaign pages share. */
export function CampaignColumn({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl space-y-4 px-1 py-6">
      <header className="space-y-1">
        <h1 className="text-headline text-ink">{title}</h1>
        {intro && <p className="text-ink-muted">{intro}</p>}
      </header>
      {children}
    </div>
  );
}
