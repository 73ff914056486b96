import { Injectable, Optional } from '@nestjs/common';
import { Broadcaster } from '../realtime';
import type { Design } from './entities';
import type { Design as DesignJson } from '../../contracts/designs';
import { Clock } from '../../common/clock';

export const designChannel = (designId: string) => `private-design.${designId}`;

/** Payload of `.design.progress` (spec 7): design_id, status, progress, current_step, progress_steps. */
export interface DesignProgressPayload {
  design_id: string;
  status: string;
  progress: number;
  current_step: string | null;
  progress_steps: Array<{ key: string; message: string; status: string; completed: boolean }>;
  job_kind: string;
  /** Only with status "failed": why, in words a user can act on. */
  error?: string;
  /** Milliseconds since epoch when the job reported it (used to measure delivery delay). */
  sent_at: number;
}

/** Pushes design progress to the owner's private channel `design.{id}`. */
@Injectable()
export class DesignEvents {
  constructor(
    private readonly clock: Clock,
    @Optional() private readonly broadcaster?: Broadcaster,
  ) {}

  progress(design: Design, error?: string): Promise<void> {
    const payload: DesignProgressPayload = {
      design_id: design.id,
      status: design.status,
      progress: design.progress,
      current_step: design.currentStep,
      progress_steps: design.progressSteps,
      job_kind: design.jobKind,
      ...(error ? { error } : {}),
      sent_at: this.clock.nowMs(),
    };
    return this.broadcaster?.broadcast(designChannel(design.id), 'design.progress', payload) ?? Promise.resolve();
  }

  generated(design: DesignJson, generatedDesignId: string): Promise<void> {
    return (
      this.broadcaster?.broadcast(designChannel(design.id), 'design.generated', {
        design_id: design.id,
        generated_design_id: generatedDesignId,
        design,
        sent_at: this.clock.nowMs(),
      }) ?? Promise.resolve()
    );
  }
}
