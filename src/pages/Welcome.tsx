import { Head } from '@inertiajs/react';
import type { ComponentType, SVGProps } from 'react';
import {
  CalendarIcon,
  ChatIcon,
  HeartIcon,
  HomeIcon,
  MapPinIcon,
  PlayIcon,
  ShareIcon,
  SparklesIcon,
} from '@/components/icons';
import { ButtonLink } from '@/components/ui';
import { useAppName, useAuthUser } from '@/hooks/useSharedProps';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

interface Feature {
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const features: Feature[] = [
  {
    title: 'Video walkthroughs',
    text: 'Attach a full walkthrough and short spot videos to every listing, so buyers tour before they visit.',
    icon: HomeIcon,
  },
  {
    title: 'Swipe feed',
    text: 'Viewers swipe through short property spots and follow the realtors whose homes they love.',
    icon: PlayIcon,
  },
  {
    title: 'Market map',
    text: 'Search a market by location and radius and see every listing nearby on the map.',
    icon: MapPinIcon,
  },
  {
    title: 'Private chat',
    text: 'Buyers message you directly; accept requests, mute noise and keep every conversation in one place.',
    icon: ChatIcon,
  },
  {
    title: 'AI room designer',
    text: 'Upload a photo of an empty room, pick a style, and get a furnished design in moments.',
    icon: SparklesIcon,
  },
  {
    title: 'Open houses',
    text: 'Schedule visits, let buyers register in a tap and follow up with a short survey afterwards.',
    icon: CalendarIcon,
  },
];

const steps = [
  { title: 'Create your listing', text: 'Add the details, photos and a walkthrough in a guided editor.' },
  { title: 'Publish your spots', text: 'Short videos go to the feed and to your profile page.' },
  { title: 'Talk to buyers', text: 'Answer questions in chat and get notified the moment someone reaches out.' },
];

export default function Welcome(_props: PageProps) {
  const appName = useAppName();
  const user = useAuthUser();

  return (
    <>
      <Head title="Video-first real estate" />

      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-slate-900 text-white dark:from-brand-900 dark:via-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest ring-1 ring-white/20">
              For realtors and the people who follow them
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-display">
              Sell homes with video, not just photos.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-50/90">
              {appName} turns every listing into a walkthrough, every walkthrough into a feed, and every viewer into a
              conversation.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {user ? (
                <ButtonLink href={routes.feed} size="lg" variant="inverse">
                  Open your feed
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink href={routes.register} size="lg" variant="inverse">
                    Create a free account
                  </ButtonLink>
                  <ButtonLink href={routes.login} size="lg" variant="inverseGhost">
                    Log in
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
          <PhoneMockup />
        </div>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <h2 id="features" className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Everything a modern listing needs
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-400">
          One place to show a home, reach an audience and follow up.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, text, icon: Icon }) => (
            <li
              key={title}
              className="rounded-card border border-line bg-surface p-6 shadow-card transition hover:-translate-y-0.5 hover:shadow-raised"
            >
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="how"
        className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/50"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="how" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white dark:bg-brand-500">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {!user && (
        <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between dark:bg-brand-950">
            <div>
              <h2 className="text-2xl font-bold">Ready for your first video listing?</h2>
              <p className="mt-2 text-slate-300">Sign up in a minute. Viewers can browse and follow for free.</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <ButtonLink href={routes.register} size="lg">
                Get started
              </ButtonLink>
              <ButtonLink href={routes.install} size="lg" variant="inverseGhost">
                Install the app
              </ButtonLink>
            </div>
          </div>
        </section>
      )}
    </>
  );
}

// Landing page runs edge to edge; AppLayout receives these props (Inertia default-layout props).
Welcome.layout = { fullWidth: true };

/** A decorative phone showing a listing spot as the feed shows it (house, price, address, realtor, actions). */
function PhoneMockup() {
  return (
    <div aria-hidden="true" className="mx-auto hidden w-72 rotate-2 sm:block">
      <div className="rounded-[2.75rem] bg-slate-950 p-3 shadow-overlay ring-1 ring-white/10">
        <div className="relative aspect-[9/19] overflow-hidden rounded-[2.1rem] bg-gradient-to-b from-sky-400 via-sky-200 to-sky-100">
          {/* The house */}
          <div className="absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-b from-emerald-600 to-emerald-800" />
          <div className="absolute bottom-[38%] left-1/2 h-24 w-40 -translate-x-1/2 bg-stone-100 shadow-lg">
            <div className="absolute -top-14 left-1/2 h-0 w-0 -translate-x-1/2 border-x-[5.5rem] border-b-[3.5rem] border-x-transparent border-b-slate-700" />
            <div className="absolute top-6 left-4 h-8 w-7 bg-slate-700/80" />
            <div className="absolute top-6 right-4 h-8 w-7 bg-slate-700/80" />
            <div className="absolute bottom-0 left-1/2 h-12 w-8 -translate-x-1/2 bg-brand-700" />
          </div>
          <div className="absolute bottom-[36%] left-3 h-16 w-12 rounded-full bg-emerald-900/80" />
          <div className="absolute right-3 bottom-[36%] h-20 w-14 rounded-full bg-emerald-900/80" />
          {/* The feed's right rail */}
          <div className="absolute right-2 bottom-28 flex flex-col items-center gap-3 text-white">
            <span className="h-9 w-9 rounded-full bg-amber-200 ring-2 ring-white" />
            <HeartIcon className="h-6 w-6 fill-rose-500 text-rose-500" />
            <ShareIcon className="h-6 w-6" />
          </div>
          <div className="absolute inset-x-0 bottom-0 space-y-0.5 bg-gradient-to-t from-black/85 to-transparent p-4 pt-12 text-white">
            <p className="text-xs font-semibold">@robin.realtor</p>
            <p className="text-2xl font-bold tracking-tight">$525,000</p>
            <p className="text-xs text-white/85">1200 Congress Ave · Austin, TX</p>
            <span className="mt-2 inline-flex rounded-full bg-white px-3 py-1 text-[11px] font-semibold text-slate-900">
              View listing
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
