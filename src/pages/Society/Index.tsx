import type { TrustStanding } from '@contracts/community';
import type { Society, SocietyPage, SocietyVisibility } from '@contracts/society';
import { Head, router } from '@inertiajs/react';
import { societyApi, societyPaths } from '@/api/society';
import { CardBadge, LinkCard, SelectField } from '@/components/ui';
import { GroupDirectory } from '@/components/community/GroupDirectory';
import { StartGroupCard } from '@/components/community/StartGroupCard';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

const JOINERS: Array<{ value: SocietyVisibility; label: string }> = [
  { value: 'public', label: 'Anyone' },
  { value: 'invite_only', label: 'Invited people only' },
];

function societyCard(s: Society) {
  return (
    <LinkCard
      key={s.id}
      href={societyPaths.show(s.id)}
      title={s.name}
      badge={s.visibility === 'invite_only' && <CardBadge>Invite-only</CardBadge>}
      description={s.description}
      meta={`${s.members_count} members · ${s.posts_count} posts${s.my_role ? ` · you: ${s.my_role}` : ''}`}
    />
  );
}

/** Societies: public groups to browse, the ones you belong to, and creating one (trust level 2). */
export default function SocietyIndex({
  societies,
  mine,
  trust,
}: PageProps<{ societies: SocietyPage; mine: SocietyPage | null; trust: TrustStanding | null }>) {
  const form = useApiForm<{ name: string; description: string; visibility: SocietyVisibility }, { society: Society }>(
    { name: '', description: '', visibility: 'public' },
    { successMessage: 'Society created', onSuccess: (r) => router.visit(societyPaths.show(r.society.id)) },
  );
  return (
    <>
      <Head title="Societies" />
      <GroupDirectory
        title="Societies"
        intro="Groups around a market, a style or a craft."
        browseTitle="Public societies"
        empty="No societies yet"
        groups={societies}
        pageHref={societyPaths.page}
        card={societyCard}
        mine={mine}
        mineEmpty="Join a society to see it here."
        start={
          trust && (
            <StartGroupCard
              title="Start a society"
              action="Creating a society"
              trust={trust}
              allowed={trust.can.create_society}
              form={form}
              onSubmit={form.handleSubmit((v) => societyApi.create(v))}
            >
              <SelectField label="Who can join" options={JOINERS} {...form.field('visibility')} />
            </StartGroupCard>
          )
        }
      />
    </>
  );
}
