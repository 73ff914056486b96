import type { WonEvent } from '@contracts/sweepstakes';
import { router } from '@inertiajs/react';
import { sweepstakesLive } from '@/api/sweepstakes';
import { useChannel } from '@/echo';
import { notify } from '@/lib/toast';

/** Mounted for signed-in users: a live toast the moment a draw (or a promotion) makes them a winner. */
export function SweepstakesWinToast({ userId }: { userId: string }) {
  useChannel(sweepstakesLive.userChannel(userId), 'private', {
    [sweepstakesLive.won]: (event: WonEvent) =>
      notify.success(`You won in “${event.title}”! Tap to claim your prize.`, {
        autoClose: false,
        onClick: () => router.visit(event.claim_url),
      }),
  });
  return null;
}
