import { Injectable } from '@nestjs/common';

/**
 * What the node is still doing after it started listening (loading the demo data): /health answers "starting"
 * with the step until `done()`, so the port serves pages at once and probes can tell a node that is getting ready.
 */
@Injectable()
export class StartupState {
  private step: string | null = null;

  begin(step: string): void {
    this.step = step;
  }

  done(): void {
    this.step = null;
  }

  /** The step under way, or null once the node is fully up. */
  current(): string | null {
    return this.step;
  }
}
