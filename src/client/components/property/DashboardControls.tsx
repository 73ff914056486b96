import type { ChangeEvent, ReactNode } from 'react';
import { Input, Select } from '@/components/ui';
import { PUBLISH_TABS, SORT_LABELS, type PublishFilter } from './rules';

/** The publish-state tabs over a dashboard of properties or listings, with counts when known. */
export function PublishTabs({
  value,
  onChange,
  counts,
}: {
  value: PublishFilter;
  onChange: (next: PublishFilter) => void;
  counts?: Partial<Record<PublishFilter, number>>;
}) {
  return (
    <div role="tablist" aria-label="Publish state" className="flex flex-wrap gap-2">
      {PUBLISH_TABS.map((tab) => (
        <button
          key={tab.value}
          role="tab"
          aria-selected={value === tab.value}
          onClick={() => onChange(tab.value)}
          className={`rounded-full px-3 py-1 text-sm ${value === tab.value ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
        >
          {tab.label}
          {counts && <span className="opacity-75"> ({counts[tab.value] ?? 0})</span>}
        </button>
      ))}
    </div>
  );
}

/** The search box and sort menu of a dashboard; `children` adds controls after them (a per-page menu). */
export function DashboardSearch({
  label,
  placeholder,
  search,
  onSearch,
  sort,
  sorts,
  onSort,
  children,
}: {
  label: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  sort: string;
  sorts: string[];
  onSort: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className={`grid gap-2 ${children ? 'sm:grid-cols-[1fr_auto_auto]' : 'sm:grid-cols-[1fr_auto]'}`}>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={search}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onSearch(e.target.value)}
      />
      <Select
        aria-label="Sort"
        value={sort}
        onChange={(e) => onSort(e.target.value)}
        options={sorts.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s }))}
      />
      {children}
    </div>
  );
}
