import { Link, usePage } from '@inertiajs/react';
import type { CurrentTeamProps } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { useMenu } from '@/hooks/useDismiss';
import { actThenReload } from '@/lib/actions';

const item =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** The current team and the switch between the user's teams, in the app shell's navigation. */
export function TeamSwitcher() {
  const { team, team_users: teams } = usePage().props as unknown as Partial<CurrentTeamProps>;
  const { open, ref, close, toggle } = useMenu();
  if (!team) return null;

  const switchTo = async (id: string) => {
    close();
    if (id === team.id) return;
    await actThenReload(() => teamsApi.switchTo(id), 'Could not switch teams');
  };

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Current team: ${team.name}. Switch team`}
        data-testid="team-switcher"
        className="flex max-w-[9rem] items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 sm:max-w-[14rem] dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <TeamBadge name={team.name} logo={team.logo_url} />
        {/* On phones the badge alone names the team (the label says it in full); the header has no room for more. */}
        <span className="truncate max-sm:hidden">{team.name}</span>
        <span aria-hidden className="text-xs text-slate-400 max-sm:hidden">
          ▾
        </span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="px-3 py-1 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Switch team
          </p>
          {(teams ?? []).map(({ team: t, role }) => (
            <button
              key={t.id}
              type="button"
              role="menuitemradio"
              aria-checked={t.id === team.id}
              className={item}
              onClick={() => switchTo(t.id)}
            >
              <TeamBadge name={t.name} logo={t.logo_url} />
              <span className="min-w-0 flex-1 truncate">{t.name}</span>
              <span className="text-xs text-slate-400">{t.id === team.id ? '✓' : role}</span>
            </button>
          ))}
          <div className="mt-1 border-t border-slate-100 pt-1 dark:border-slate-800">
            <Link role="menuitem" href={teamsPaths.show(team.id)} className={item} onClick={close}>
              Team members
            </Link>
            <Link role="menuitem" href={teamsPaths.create} className={item} onClick={close}>
              Create a team
            </Link>
            <Link role="menuitem" href={teamsPaths.invitations} className={item} onClick={close}>
              Invitations and joining
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

export function TeamBadge({ name, logo, size = 'sm' }: { name: string; logo: string | null; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'h-12 w-12 text-lg' : 'h-5 w-5 text-[10px]';
  return logo ? (
    <img src={logo} alt="" className={`${box} shrink-0 rounded object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded bg-brand-600 font-semibold text-white`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
