/** Token bucket: `capacity` events, refilled continuously over `perMs`. One per socket. */
export class TokenBucket {
  private tokens: number;
  private updatedAt = performance.now();

  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
  ) {
    this.tokens = capacity;
  }

  tryTake(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) * this.capacity) / this.perMs);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
