// The two clocks as the server last fixed them ({white, black, running} in ms), counted down
// locally for the running side between events.

export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  const totalSeconds = Math.floor(clamped / 1000);
  const minutes = Math.floor(totalSeconds / 60), seconds = totalSeconds % 60;
  const text = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return clamped < 10000 ? `${text}.${Math.floor((clamped % 1000) / 100)}` : text;
}

// A time control as people say it: "5 + 3" (minutes + seconds a move), "12 s + 0" under a
// minute or for any part of a minute, "Untimed". `clock`: {initial_ms, increment_ms}, or null.
export function timeControlLabel(clock) {
  if (!clock) return 'Untimed';
  const initial = clock.initial_ms % 60000 === 0 ? `${clock.initial_ms / 60000}` : `${clock.initial_ms / 1000} s`;
  return `${initial} + ${clock.increment_ms / 1000}`;
}

export class Clocks {
  constructor() {
    this.clock = null;
    this.receivedAt = 0;
  }

  update(clock) {
    if (!clock) return;
    this.clock = clock;
    this.receivedAt = performance.now();
  }

  stop() {
    if (this.clock) this.update({ ...this.clock, ...this.now(), running: null });
  }

  get timed() {
    return this.clock !== null;
  }

  get running() {
    return this.clock?.running ?? null;
  }

  // {white, black} remaining now.
  now() {
    const { white, black, running } = this.clock;
    const elapsed = performance.now() - this.receivedAt;
    return {
      white: running === 'white' ? white - elapsed : white,
      black: running === 'black' ? black - elapsed : black,
    };
  }
}
