import { Link } from '@inertiajs/react';
import { Avatar } from '@/components/Avatar';
import { StartChatButton } from '@/components/chat/StartChatButton';
import { CalendarIcon, ChatIcon } from '@/components/icons';
import { ButtonLink } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { OpenHouseSummary } from '@contracts/listings';
import type { Property } from '@contracts/properties';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeStyle: 'short' });

/** The listing agent beside a property: who they are, a chat about this home, the next open house. */
export function AgentCard({
  property,
  listingId,
  openHouses,
}: {
  property: Property;
  listingId: string | null;
  openHouses: OpenHouseSummary[];
}) {
  const viewer = useAuthUser();
  const agent = property.user;
  if (!agent) return null;
  const next = openHouses.find((h) => new Date(h.ends_at).getTime() > Date.now()) ?? null;
  const profile = agent.handle ? `/profile/${agent.handle}` : null;
  const isSelf = viewer?.id === agent.id;
  return (
    <section aria-label="Listing agent" className="rounded-card border border-line bg-surface p-5 shadow-card">
      <div className="flex items-center gap-3">
        <Avatar name={agent.name} url={agent.avatarUrl} size="lg" />
        <div className="min-w-0">
          <p className="text-eyebrow font-semibold text-ink-subtle uppercase">Listed by</p>
          {profile ? (
            <Link href={profile} className="block truncate font-semibold text-ink hover:underline">
              {agent.name}
            </Link>
          ) : (
            <p className="truncate font-semibold text-ink">{agent.name}</p>
          )}
          {agent.handle && <p className="truncate text-sm text-ink-subtle">@{agent.handle}</p>}
        </div>
      </div>
      <div className="mt-4 grid gap-2">
        {!isSelf &&
          (viewer ? (
            <StartChatButton
              userId={agent.id}
              fullWidth
              message={`Hi ${agent.name.split(' ')[0]}, I’m interested in ${property.name}.`}
              listing={listingId ? { id: listingId, title: property.name } : undefined}
            >
              <ChatIcon className="h-4 w-4" /> Message {agent.name.split(' ')[0]}
            </StartChatButton>
          ) : (
            <ButtonLink href="/login">
              <ChatIcon className="h-4 w-4" /> Log in to message
            </ButtonLink>
          ))}
        {next ? (
          <ButtonLink href={`/open-houses/${next.id}/register`} variant="secondary" data-testid="open-house-cta">
            <CalendarIcon className="h-4 w-4" /> Open house · {when(next.starts_at)}
          </ButtonLink>
        ) : listingId ? (
          <p className="rounded-control bg-surface-muted px-3 py-2 text-center text-sm text-ink-subtle">
            No open house scheduled yet
          </p>
        ) : null}
      </div>
    </section>
  );
}
