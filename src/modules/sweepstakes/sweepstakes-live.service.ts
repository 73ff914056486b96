import { Injectable } from '@nestjs/common';
import type { DrawProgressEvent, EntryCountEvent, WonEvent } from '../../contracts/sweepstakes';
import { Broadcaster } from '../realtime';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import { adminChannel, LIVE_EVENTS, userChannel } from './sweepstakes.constants';

/** Live pushes: entry counts and draw progress on the private admin channel, the winner's toast on their own. */
@Injectable()
export class SweepstakesLive {
  constructor(private readonly broadcaster: Broadcaster) {}

  entryCount(id: string, counts: { entry_count: number; entrant_count: number }): Promise<void> {
    const payload: EntryCountEvent = { sweepstakes_id: id, ...counts };
    return this.broadcaster.broadcast(adminChannel(id), LIVE_EVENTS.entryCount, payload);
  }

  drawProgress(s: Pick<Sweepstakes, 'id' | 'state' | 'drawSteps'>): Promise<void> {
    const payload: DrawProgressEvent = { sweepstakes_id: s.id, state: s.state, steps: s.drawSteps };
    return this.broadcaster.broadcast(adminChannel(s.id), LIVE_EVENTS.drawProgress, payload);
  }

  won(userId: string, payload: WonEvent): Promise<void> {
    return this.broadcaster.broadcast(userChannel(userId), LIVE_EVENTS.won, payload);
  }
}
