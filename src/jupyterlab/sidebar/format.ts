/** `m:ss` (or `h:mm:ss`) for a duration in milliseconds. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** A short duration for one cell: `0.4 s`, `12 s`, `2:05`. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : formatClock(ms);
}
