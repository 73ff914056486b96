import type { TeamPermission, TeamRole, TeamSummary } from '@contracts/teams';
import { teamsPaths } from '@/api/teams';
import { TabLink } from '@/components/ui/TabLink';
import { TeamBadge } from './TeamSwitcher';

type Tab = 'members' | 'requests' | 'usage' | 'settings';

/** The team's name, handle and type with the tabs the viewer's role opens. */
export function TeamHeader({
  team,
  role,
  permissions,
  active,
}: {
  team: TeamSummary;
  role?: TeamRole;
  permissions?: TeamPermission[];
  active: Tab;
}) {
  const can = (p: TeamPermission) => !permissions || permissions.includes(p);
  const tabs: Array<{ key: Tab; label: string; href: string; show: boolean }> = [
    { key: 'members', label: 'Members', href: teamsPaths.show(team.id), show: true },
    { key: 'requests', label: 'Requests', href: teamsPaths.requests(team.id), show: can('requests.manage') },
    { key: 'usage', label: 'LLM usage', href: teamsPaths.usage(team.id), show: can('usage.view') },
    { key: 'settings', label: 'Settings', href: teamsPaths.settings(team.id), show: can('team.update') },
  ];
  return (
    <div className="mb-6">
      <div className="flex items-center gap-3">
        <TeamBadge name={team.name} logo={team.logo_url} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold text-slate-900 dark:text-white">{team.name}</h1>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">
            @{team.handle} · {team.type}
            {team.personal ? ' · personal' : ''}
            {role ? ` · you are ${role}` : ''}
          </p>
        </div>
      </div>
      <nav
        className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        aria-label="Team"
      >
        {tabs
          .filter((t) => t.show)
          .map((t) => (
            <TabLink key={t.key} href={t.href} active={t.key === active}>
              {t.label}
            </TabLink>
          ))}
      </nav>
    </div>
  );
}
