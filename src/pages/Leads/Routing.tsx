import { Head, Link } from '@inertiajs/react';
import type { LeadSource, RoutingPageProps, RoutingRuleJson, RoutingTarget } from '@contracts/crm';
import { crmApi, crmPaths } from '@/api/crm';
import { Button, Card, EmptyState, Input, Select } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

type Draft = Omit<RoutingRuleJson, 'id' | 'position'>;

const SOURCES: LeadSource[] = ['listing_inquiry', 'open_house', 'chat_request', 'follow', 'website', 'campaign', 'qr'];
const TARGETS: Array<{ value: RoutingTarget; label: string }> = [
  { value: 'agent', label: 'One agent' },
  { value: 'round_robin', label: 'Round robin' },
  { value: 'first_to_claim', label: 'First to claim' },
];
const label = (s: string) => s.replace(/_/g, ' ');
const blank = (): Draft => ({
  name: 'New rule',
  source: null,
  zips: [],
  price_min_minor: null,
  price_max_minor: null,
  property_type: null,
  target: 'round_robin',
  agent_ids: [],
});
const toDraft = ({ id: _id, position: _position, ...rule }: RoutingRuleJson): Draft => rule;

/** Leads/Routing: the book's ordered routing rules (first match wins; the team owner is the last fallback). */
export default function Routing({ rules, agents }: RoutingPageProps) {
  const form = useApiForm({ rules: rules.map(toDraft) }, { successMessage: 'Routing rules saved' });
  const list = form.data.rules;
  const put = (next: Draft[]) => form.set('rules', next);
  const edit = (i: number, patch: Partial<Draft>) => put(list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    put(next);
  };
  const toggleAgent = (i: number, id: string) =>
    edit(i, {
      agent_ids: list[i].agent_ids.includes(id)
        ? list[i].agent_ids.filter((a) => a !== id)
        : [...list[i].agent_ids, id],
    });

  return (
    <>
      <Head title="Lead routing" />
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-headline text-ink">Lead routing</h1>
        <Link href={crmPaths.myLeads} className="ms-auto text-sm text-accent-ink underline">
          My leads
        </Link>
      </div>
      <form onSubmit={form.handleSubmit((values) => crmApi.saveRules(values.rules))} className="space-y-4">
        {list.length === 0 && (
          <EmptyState title="No rules yet" description="Without rules every lead goes to the team owner." />
        )}
        {list.map((rule, i) => (
          <Card key={i} padded>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Input aria-label="Rule name" value={rule.name} onChange={(e) => edit(i, { name: e.target.value })} />
              <Select
                aria-label="Source"
                value={rule.source ?? ''}
                onChange={(e) => edit(i, { source: (e.target.value || null) as LeadSource | null })}
                options={[{ value: '', label: 'Any source' }, ...SOURCES.map((s) => ({ value: s, label: label(s) }))]}
              />
              <Input
                aria-label="Zip codes"
                placeholder="Zip codes, comma separated (any when empty)"
                value={rule.zips.join(', ')}
                onChange={(e) => edit(i, { zips: e.target.value.split(/[\s,]+/).filter(Boolean) })}
              />
              <Select
                aria-label="Target"
                value={rule.target}
                onChange={(e) => edit(i, { target: e.target.value as RoutingTarget })}
                options={TARGETS}
              />
            </div>
            <fieldset className="mt-3 flex flex-wrap gap-3 text-sm text-ink">
              <legend className="mb-1 text-xs text-ink-subtle">Agents</legend>
              {agents.map((a) => (
                <label key={a.id} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={rule.agent_ids.includes(a.id)}
                    onChange={() => toggleAgent(i, a.id)}
                  />
                  {a.name}
                </label>
              ))}
            </fieldset>
            {(form.errors[`rules.${i}.agent_ids`] || form.errors[`rules.${i}.name`]) && (
              <p className="mt-2 text-sm text-red-600 dark:text-red-400">
                {form.errors[`rules.${i}.agent_ids`] ?? form.errors[`rules.${i}.name`]}
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)}>
                Up
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={i === list.length - 1}
                onClick={() => move(i, 1)}
              >
                Down
              </Button>
              <Button type="button" size="sm" variant="danger" onClick={() => put(list.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </div>
          </Card>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => put([...list, blank()])}>
            Add rule
          </Button>
          <Button type="submit" disabled={form.processing}>
            Save rules
          </Button>
        </div>
      </form>
    </>
  );
}
