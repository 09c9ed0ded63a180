/** The source of "now". Injected everywhere so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at a given instant and moves only when told. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(instant: Date | string): void {
    this.#ms = new Date(instant).getTime();
  }
}
