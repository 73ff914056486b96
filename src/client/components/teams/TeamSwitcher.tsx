import { Link, usePage } from '@inertiajs/react';
import type { CurrentTeamProps } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { MenuButton, menuItemClasses } from '@/components/ui/MenuButton';
import { actThenReload } from '@/lib/actions';

/** The current team and the switch between the user's teams, in the app shell's navigation. */
export function TeamSwitcher() {
  const { team, team_users: teams } = usePage().props as unknown as Partial<CurrentTeamProps>;
  if (!team) return null;

  const switchTo = async (id: string, close: () => void) => {
    close();
    if (id === team.id) return;
    await actThenReload(() => teamsApi.switchTo(id), 'Could not switch teams');
  };

  return (
    <MenuButton
      label={`Current team: ${team.name}. Switch team`}
      testId="team-switcher"
      buttonClassName="flex max-w-[9rem] items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 sm:max-w-[14rem] dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      button={
        <>
          <TeamBadge name={team.name} logo={team.logo_url} />
          {/* On phones the badge alone names the team (the label says it in full); the header has no room for more. */}
          <span className="truncate max-sm:hidden">{team.name}</span>
          <span aria-hidden className="text-xs text-slate-400 max-sm:hidden">
            ▾
          </span>
        </>
      }
      menuClassName="right-0 w-64 max-w-[calc(100vw-1.5rem)]"
    >
      {(close) => (
        <>
          <p className="px-3 py-1 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Switch team
          </p>
          {(teams ?? []).map(({ team: t, role }) => (
            <button
              key={t.id}
              type="button"
              role="menuitemradio"
              aria-checked={t.id === team.id}
              className={menuItemClasses}
              onClick={() => switchTo(t.id, close)}
            >
              <TeamBadge name={t.name} logo={t.logo_url} />
              <span className="min-w-0 flex-1 truncate">{t.name}</span>
              <span className="text-xs text-slate-400">{t.id === team.id ? '✓' : role}</span>
            </button>
          ))}
          <div className="mt-1 border-t border-slate-100 pt-1 dark:border-slate-800">
            <Link role="menuitem" href={teamsPaths.show(team.id)} className={menuItemClasses} onClick={close}>
              Team members
            </Link>
            <Link role="menuitem" href={teamsPaths.create} className={menuItemClasses} onClick={close}>
              Create a team
            </Link>
            <Link role="menuitem" href={teamsPaths.invitations} className={menuItemClasses} onClick={close}>
              Invitations and joining
            </Link>
          </div>
        </>
      )}
    </MenuButton>
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
