import type { AdminAuditJson } from '@contracts/admin';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Audit rows: who did what to which subject, when and from where, with the before/after values that changed. */
export function AuditList({ entries }: { entries: AdminAuditJson[] }) {
  if (!entries.length) return <p className="p-4 text-sm text-ink-muted">No admin actions recorded.</p>;
  return (
    <ul className="divide-y divide-line">
      {entries.map((e) => (
        <li key={e.id} className="space-y-1 px-4 py-3 text-sm" data-testid="audit-row">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-ink">{e.action}</span>
            <time className="text-xs text-ink-subtle tabular-nums" dateTime={e.at}>
              {when(e.at)}
            </time>
          </div>
          <p className="break-words text-ink-muted">
            {e.actor.label} → {e.subject.type} {e.subject.label ?? e.subject.id ?? ''}
            {e.ip && <span className="text-ink-subtle"> · {e.ip}</span>}
          </p>
          <Changes before={e.before} after={e.after} />
        </li>
      ))}
    </ul>
  );
}

function Changes({ before, after }: Pick<AdminAuditJson, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]),
  );
  if (!keys.length) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
      {keys.map((k) => (
        <div key={k} className="contents">
          <dt className="text-ink-subtle">{k}</dt>
          <dd className="break-all text-ink">
            {before && k in before && <s className="text-ink-subtle">{String(before[k] ?? '—')}</s>}{' '}
            {after && k in after && String(after[k] ?? '—')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
