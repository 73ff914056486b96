import { Head, router } from '@inertiajs/react';
import type { TeamSummary, TeamUsageJson } from '@contracts/teams';
import { formatMicro, teamsApi, teamsPaths } from '@/api/teams';
import { TeamHeader } from '@/components/teams/TeamHeader';
import { Button, Card, FormField, Input } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

interface Props {
  /** The team this page is about (`team`, shared by every page, is your current team). */
  shown_team: TeamSummary;
  canManage: boolean;
  usage: TeamUsageJson;
}

/** Daily cost of the month as bars (simple SVG), scaled to the busiest day. */
function DailyChart({ month, daily }: { month: string; daily: TeamUsageJson['daily'] }) {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const byDay = new Map(daily.map((d) => [Number(d.day.slice(8, 10)), Number(d.cost_micro)]));
  const max = Math.max(1, ...byDay.values());
  const width = 620;
  const height = 160;
  const bar = width / days;
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 18}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Daily AI cost in ${month}`}
    >
      <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300 dark:stroke-slate-700" />
      {Array.from({ length: days }, (_, i) => {
        const value = byDay.get(i + 1) ?? 0;
        const h = (value / max) * (height - 8);
        return (
          <g key={i}>
            <rect
              x={i * bar + 2}
              y={height - h}
              width={bar - 4}
              height={h}
              rx="2"
              className="fill-brand-500 dark:fill-brand-400"
            >
              <title>{`${month}-${String(i + 1).padStart(2, '0')}: ${formatMicro(value)}`}</title>
            </rect>
            {(i + 1) % 5 === 1 && (
              <text x={i * bar + bar / 2} y={height + 14} textAnchor="middle" className="fill-slate-500 text-[10px]">
                {i + 1}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function Breakdown({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ label: string; cost_micro: string; calls: number }>;
}) {
  const max = Math.max(1, ...rows.map((r) => Number(r.cost_micro)));
  return (
    <Card title={title}>
      {rows.length === 0 && <p className="text-sm text-slate-500">Nothing this month.</p>}
      <ul className="space-y-2">
        {rows.map((r) => (
          <li key={r.label} className="text-sm">
            <div className="flex justify-between gap-2">
              <span className="truncate text-slate-800 dark:text-slate-200">{r.label}</span>
              <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                {formatMicro(r.cost_micro)} · {r.calls}
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded bg-slate-100 dark:bg-slate-800">
              <div className="h-1.5 rounded bg-brand-500" style={{ width: `${(Number(r.cost_micro) / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Teams/LlmUsage: the month's AI spend against the budget, by member, model and feature, and per day. */
export default function TeamsLlmUsage({ shown_team: team, canManage, usage }: Props) {
  const budget = useApiForm(
    { dollars: usage.budget_micro === null ? '' : String(Number(usage.budget_micro) / 1_000_000) },
    { successMessage: 'Budget saved', onSuccess: () => router.reload() },
  );
  const spent = Number(usage.spent_micro) + Number(usage.reserved_micro);
  const percent = usage.budget_micro ? Math.min(100, (spent / Number(usage.budget_micro)) * 100) : null;
  const shift = (delta: number) => {
    const [y, m] = usage.month.split('-').map(Number);
    const d = new Date(Date.UTC(y, m - 1 + delta, 1));
    router.visit(`${teamsPaths.usage(team.id)}?month=${d.toISOString().slice(0, 7)}`);
  };
  return (
    <>
      <Head title={`${team.name} · LLM usage`} />
      <TeamHeader team={team} active="usage" />
      <div className="mb-4 flex items-center gap-2">
        <Button size="sm" variant="ghost" onClick={() => shift(-1)} aria-label="Previous month">
          ←
        </Button>
        <span className="font-medium tabular-nums">{usage.month}</span>
        <Button size="sm" variant="ghost" onClick={() => shift(1)} aria-label="Next month">
          →
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Budget" className="lg:col-span-1">
          <p className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white">{formatMicro(spent)}</p>
          <p className="text-sm text-slate-500">
            of {usage.budget_micro === null ? 'no monthly limit' : formatMicro(usage.budget_micro)}
            {Number(usage.reserved_micro) > 0 && ` (${formatMicro(usage.reserved_micro)} reserved by running calls)`}
          </p>
          {percent !== null && (
            <div
              className="mt-3 h-2 rounded bg-slate-100 dark:bg-slate-800"
              aria-label={`${Math.round(percent)}% used`}
            >
              <div
                className={
                  percent >= 100
                    ? 'h-2 rounded bg-red-500'
                    : percent >= 80
                      ? 'h-2 rounded bg-amber-500'
                      : 'h-2 rounded bg-emerald-500'
                }
                style={{ width: `${percent}%` }}
              />
            </div>
          )}
          {canManage && (
            <form
              className="mt-4 flex items-end gap-2"
              onSubmit={budget.handleSubmit((v) =>
                teamsApi.update(team.id, {
                  monthly_budget_micro: v.dollars === '' ? null : Math.round(Number(v.dollars) * 1_000_000),
                }),
              )}
            >
              <FormField
                label="Monthly budget (USD, empty = none)"
                name="monthly_budget_micro"
                error={budget.errors.monthly_budget_micro}
              >
                <Input
                  inputMode="decimal"
                  value={budget.data.dollars}
                  onChange={(e) => budget.set('dollars', e.target.value)}
                />
              </FormField>
              <Button type="submit" loading={budget.processing}>
                Save
              </Button>
            </form>
          )}
        </Card>
        <Card title="Per day" className="lg:col-span-2">
          <DailyChart month={usage.month} daily={usage.daily} />
        </Card>
        <Breakdown
          title="By member"
          rows={usage.by_member.map((m) => ({
            label: `${m.name}${m.cap_micro ? ` (cap ${formatMicro(m.cap_micro)})` : ''}`,
            cost_micro: m.cost_micro,
            calls: m.calls,
          }))}
        />
        <Breakdown title="By model" rows={usage.by_model.map((m) => ({ label: m.model, ...m }))} />
        <Breakdown title="By feature" rows={usage.by_feature.map((f) => ({ label: f.feature, ...f }))} />
      </div>
    </>
  );
}
