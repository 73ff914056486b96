import { Avatar } from '@/components/Avatar';
import type { ChannelPresenceMember } from '@/api/channels';

/** "Here now": the people with the channel open, live from the presence channel. */
export function ChannelPresence({ here }: { here: ChannelPresenceMember[] }) {
  const shown = here.slice(0, 20);
  return (
    <section aria-labelledby="here-now">
      <h2 id="here-now" className="mb-2 flex items-center gap-2 text-title font-semibold text-ink">
        <span className="inline-block size-2 rounded-full bg-emerald-500" aria-hidden="true" />
        Here now <span className="text-sm font-normal text-ink-muted">({here.length})</span>
      </h2>
      {here.length === 0 ? (
        <p className="text-sm text-ink-muted">Nobody else has this channel open.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-live="polite">
          {shown.map((m) => (
            <li
              key={m.id}
              className="flex max-w-full items-center gap-1.5 rounded-full border border-line bg-surface-muted py-0.5 pr-2.5 pl-0.5 text-sm text-ink"
            >
              <Avatar name={m.name} url={null} size="sm" />
              <span className="truncate">{m.name}</span>
            </li>
          ))}
          {here.length > shown.length && (
            <li className="self-center text-sm text-ink-muted">and {here.length - shown.length} more</li>
          )}
        </ul>
      )}
    </section>
  );
}
