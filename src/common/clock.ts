import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The one source of "now" for rules with time in them (holds, deadlines, windows, expiries). Services ask the
 * Clock, never `new Date()`, so tests move time with `clock.set()` / `clock.advance()` instead of waiting.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  private readonly listeners = new Set<() => void>();

  /**
   * Calls `listener` whenever `set`, `advance` or `reset` moves time (waits measured against this clock, such as
   * the in-process queue's delays, re-check then); answers the unsubscribe.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Tests: freeze time at an instant. */
  set(at: Date | string): void {
    this.frozenAt = new Date(at).getTime();
    this.changed();
  }

  /** Tests: move time forward (frozen or running). */
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
    this.changed();
  }

  /** Tests: back to the wall clock. */
  reset(): void {
    this.frozenAt = null;
    this.offsetMs = 0;
    this.changed();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const DAY_MS = 86_400_000;

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
