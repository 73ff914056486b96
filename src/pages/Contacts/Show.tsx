import { Head, router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import type { ContactJson, ContactShowProps, ContactStage } from '@contracts/crm';
import type { TemplateJson } from '@contracts/crm-marketing';
import { crmApi, crmPaths } from '@/api/crm';
import { useApiForm } from '@/hooks/useApiForm';
import { ContactEmailCard } from '@/components/crm/ContactEmailCard';
import { BackLink, Button, Card, Checkbox, Input, Select, TextField } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const label = (s: string) => s.replace(/_/g, ' ');
const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Contacts/Show: one person's timeline, notes, tasks with due dates, stage, tags, merges (with undo) and a templated
 * email sent from here (the book's email templates come with the page).
 */
export default function ContactsShow(initial: ContactShowProps & { email_templates: TemplateJson[] }) {
  const { attempt } = useAttempt();
  const [props, setProps] = useState<ContactShowProps>(initial);
  useEffect(() => setProps(initial), [initial]);
  const { contact, activities, tasks, merges, stages, can_manage } = props;
  const note = useApiForm(
    { body: '' },
    { successMessage: 'Note added', onSuccess: (p: ContactShowProps) => (setProps(p), note.reset()) },
  );
  const task = useApiForm(
    { title: '', due_at: '' },
    { successMessage: 'Task added', onSuccess: (p: ContactShowProps) => (setProps(p), task.reset()) },
  );
  /** Saves one change to the contact and says so; the server's answer is the page's new props. */
  const run = async (work: () => Promise<ContactShowProps>, saved: string) => {
    await attempt(async () => {
      setProps(await work());
      notify.success(saved);
    }, 'Could not save');
  };
  return (
    <>
      <Head title={contact.name || 'Contact'} />
      <BackLink href={crmPaths.contacts}>Contacts</BackLink>
      <div className="mt-2 mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-headline text-ink">{contact.name || 'Unnamed contact'}</h1>
          <p className="text-sm text-ink-muted">
            {[contact.email, contact.phone].filter(Boolean).join(' · ') || 'No email or phone'} · from{' '}
            {label(contact.source)} · {contact.agent ? `agent ${contact.agent.name}` : 'unassigned'}
          </p>
          {contact.consent_version && <p className="text-xs text-ink-subtle">Consent: {contact.consent_version}</p>}
        </div>
        <Select
          aria-label="Stage"
          value={contact.stage}
          onChange={(e) => run(() => crmApi.stage(contact.id, e.target.value as ContactStage), 'Stage saved')}
          options={stages.map((s) => ({ value: s, label: label(s) }))}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <Card title="Add a note">
            <form className="grid gap-2" onSubmit={note.handleSubmit((v) => crmApi.note(contact.id, v.body))}>
              <TextField label="Note" {...note.field('body')} />
              <Button type="submit" size="sm" loading={note.processing}>
                Save note
              </Button>
            </form>
          </Card>
          <Card title="Timeline" padded={false}>
            <ol className="divide-y divide-line" aria-label="Timeline">
              {activities.map((a) => (
                <li key={a.id} className="px-4 py-3">
                  <p className="text-xs text-ink-subtle">
                    {label(a.kind)}
                    {a.source ? ` · ${label(a.source)}` : ''} · {when(a.created_at)}
                  </p>
                  {a.body && <p className="text-sm whitespace-pre-wrap text-ink">{a.body}</p>}
                  {typeof a.data.routing_reason === 'string' && (
                    <p className="text-xs text-ink-muted">{a.data.routing_reason}</p>
                  )}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <ContactEmailCard
            contactId={contact.id}
            email={contact.email}
            templates={initial.email_templates}
            onSent={() => router.reload({ only: ['activities'] })}
          />
          <Card title="Tasks">
            <ul className="mb-3 grid gap-2">
              {tasks.map((t) => (
                <li key={t.id} className={t.overdue ? 'text-red-600' : 'text-ink'}>
                  <Checkbox
                    label={`${t.title} · due ${when(t.due_at)}`}
                    checked={!!t.done_at}
                    onChange={(e) =>
                      run(
                        () => crmApi.taskDone(t.id, e.target.checked),
                        e.target.checked ? 'Task done' : 'Task reopened',
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            <form
              className="grid gap-2"
              onSubmit={task.handleSubmit((v) =>
                crmApi.addTask(contact.id, {
                  title: v.title,
                  due_at: v.due_at ? new Date(v.due_at).toISOString() : '',
                }),
              )}
            >
              <TextField label="Task" {...task.field('title')} />
              <TextField label="Due" type="datetime-local" {...task.field('due_at')} />
              <Button type="submit" size="sm" variant="secondary" loading={task.processing}>
                Add task
              </Button>
            </form>
          </Card>
          <Card title="Tags">
            <Input
              aria-label="Tags"
              defaultValue={contact.tags.join(', ')}
              onBlur={(e) => {
                if (e.target.value !== e.target.defaultValue)
                  void run(() => crmApi.tags(contact.id, e.target.value.split(',')), 'Tags saved');
              }}
            />
          </Card>
          {can_manage && <MergeCard contact={contact} merges={props.merges} />}
          {!can_manage && merges.length > 0 && (
            <p className="text-xs text-ink-subtle">Merged contacts: {merges.length}</p>
          )}
        </div>
      </div>
    </>
  );
}

function MergeCard({ contact, merges }: { contact: ContactJson; merges: ContactShowProps['merges'] }) {
  const { attempt } = useAttempt();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ContactJson[]>([]);
  const act = async (work: () => Promise<unknown>, done: string) => {
    await attempt(async () => {
      await work();
      notify.success(done);
      router.reload();
    }, 'Could not change the contacts');
  };
  return (
    <Card title="Merge a duplicate">
      <form
        className="flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const page = await crmApi.search(q);
          setFound(page.data.filter((c) => c.id !== contact.id));
        }}
      >
        <Input aria-label="Find a duplicate" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search" />
        <Button type="submit" size="sm" variant="secondary">
          Find
        </Button>
      </form>
      <ul className="mt-2 grid gap-1">
        {found.map((c) => (
          <li key={c.id} className="flex items-center gap-2 text-sm text-ink">
            <span className="min-w-0 flex-1 truncate">{c.name || c.email || c.phone}</span>
            <Button size="sm" onClick={() => act(() => crmApi.merge(contact.id, c.id), 'Merged')}>
              Merge here
            </Button>
          </li>
        ))}
      </ul>
      {merges.length > 0 && (
        <ul className="mt-3 grid gap-1 border-t border-line pt-2 text-sm text-ink-muted">
          {merges.map((m) => (
            <li key={m.id} className="flex items-center gap-2">
              <span className="flex-1">
                {m.merged_name || 'A contact'} · {when(m.created_at)}
              </span>
              {m.undone_at ? (
                <span className="text-xs">undone</span>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => act(() => crmApi.undoMerge(m.id), 'Merge undone')}>
                  Undo
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
