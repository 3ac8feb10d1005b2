// Clock times and time controls as people read them.

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
