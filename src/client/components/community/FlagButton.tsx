import type { FlagReason, FlagResult } from '@contracts/community';
import { useState } from 'react';
import { FLAG_CHOICES } from '@/api/community';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

/** "Flag" with a reason; enough flags hide the post until a moderator looks at it. */
export function FlagButton({ onFlag }: { onFlag: (reason: FlagReason) => Promise<FlagResult> }) {
  const { attempt } = useAttempt();
  const [open, setOpen] = useState(false);
  const send = async (reason: FlagReason) => {
    setOpen(false);
    await attempt(async () => {
      const result = await onFlag(reason);
      notify.success(
        result.hidden ? 'Thanks: the post is hidden until a moderator looks at it' : 'Thanks for flagging',
      );
    }, 'Could not flag this post');
  };
  return (
    <span className="relative">
      <button
        type="button"
        className="text-sm text-ink-subtle hover:text-ink"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        Flag
      </button>
      {open && (
        <span className="absolute right-0 z-10 mt-1 flex w-40 flex-col rounded-card border border-line bg-surface p-1 shadow-raised">
          {FLAG_CHOICES.map((c) => (
            <button
              key={c.value}
              type="button"
              className="rounded-control px-2 py-1 text-left text-sm text-ink hover:bg-surface-muted"
              onClick={() => void send(c.value)}
            >
              {c.label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
