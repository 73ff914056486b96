import { usePage } from '@inertiajs/react';
import type { CurrentTeamProps } from '@contracts/teams';

export type ListScope = 'mine' | 'team';

/** Mine / my team switch of the realtor and listings dashboards (the team is the current team). */
export function ScopeToggle({ value, onChange }: { value: ListScope; onChange: (scope: ListScope) => void }) {
  const { team } = usePage().props as unknown as Partial<CurrentTeamProps>;
  const options: Array<{ value: ListScope; label: string }> = [
    { value: 'mine', label: 'Mine' },
    { value: 'team', label: team && !team.personal ? team.name : 'My team' },
  ];
  return (
    <div
      role="tablist"
      aria-label="Whose listings"
      className="inline-flex rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800"
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          data-testid={`scope-${o.value}`}
          onClick={() => onChange(o.value)}
          className={`max-w-[10rem] truncate rounded-md px-3 py-1 text-sm ${value === o.value ? 'bg-white font-medium text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
