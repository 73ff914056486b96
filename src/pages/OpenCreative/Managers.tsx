import type { OpenCreativeManagersProps } from '@contracts/open-creative';
import { Head, router } from '@inertiajs/react';
import { openCreativePaths } from '@/api/open-creative';
import { ProfileForm } from '@/components/open-creative/ProfileForm';
import { ActivityList, GrantList, ManagerCard, ManagerFilterBar } from '@/components/open-creative/parts';
import { Card, EmptyState, Pagination } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import { useNotificationsLive } from '@/hooks/useNotifications';
import type { PageProps } from '@/types';

/**
 * OpenCreative managers: the marketplace of video editors, designers and photographers; for a signed-in realtor the
 * access they gave (revocable) and the live log of what managers did; for a manager the invitations they received.
 */
export default function OpenCreativeManagers({
  managers,
  filters,
  mine,
  given,
  received,
  activity,
}: PageProps<OpenCreativeManagersProps>) {
  const user = useAuthUser();
  // A manager's action or an accepted invitation arrives as a notification: refresh the private parts.
  useNotificationsLive((e) => {
    if (e.notification.data && 'grant_id' in e.notification.data)
      router.reload({ only: ['given', 'received', 'activity'] });
  });
  return (
    <>
      <Head title="Creative managers" />
      <div className="mb-4">
        <h1 className="text-headline font-semibold text-ink">Creative managers</h1>
        <p className="text-sm text-ink-muted">
          Video editors, designers and photographers you can let work on your walkthroughs, spots and designs.
        </p>
      </div>
      <ManagerFilterBar filters={filters} to={(f) => openCreativePaths.managers(f)} />
      {managers.data.length === 0 ? (
        <EmptyState title="No managers match" description="Try fewer words or another skill." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {managers.data.map((m) => (
            <ManagerCard key={m.id} m={m} canGrant={!!user && m.user.id !== user.id} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination of={managers} hrefFor={(page) => openCreativePaths.managers(filters, page)} />
      </div>
      {user && given && received && activity && (
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Card title="Access you gave" description="Revoking takes effect on the manager's next request.">
            <GrantList grants={given.data} side="given" />
          </Card>
          <Card title="Activity on your work" description="Every delegated action, newest first.">
            <ActivityList items={activity.data} />
          </Card>
          <Card title="Invitations you received">
            <GrantList grants={received.data} side="received" />
          </Card>
          <Card title="Your manager listing">
            <ProfileForm mine={mine} />
          </Card>
        </div>
      )}
    </>
  );
}
