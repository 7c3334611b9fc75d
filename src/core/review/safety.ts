/** What makes a line of code unsafe to run without a person's consent, and the reason said. */
const UNSAFE: readonly { reason: string; pattern: RegExp }[] = [
  {
    reason: 'installs packages',
    pattern: /^\s*[%!]\s*(?:pip|conda|mamba)\b|\b(?:pip|conda)\s+install\b/m
  },
  {
    reason: 'runs a shell command',
    pattern: /^\s*!|^\s*%%?(?:sh|bash|system)\b/m
  },
  {
    reason: 'starts a process',
    pattern: /\bsubprocess\b|\bos\s*\.\s*(?:system|popen|exec\w*|spawn\w*)\s*\(/
  },
  {
    reason: 'deletes files',
    pattern:
      /\bos\s*\.\s*(?:remove|unlink|rmdir|removedirs)\s*\(|\bshutil\s*\.\s*rmtree\s*\(|\.\s*unlink\s*\(|\.\s*rmdir\s*\(/
  },
  {
    reason: 'makes network calls',
    pattern:
      /\b(?:requests|urllib\d?|http\.client|httpx|socket)\b|\burlopen\s*\(|https?:\/\//
  }
];

/**
 * Why a change must not be accepted without a person: shell escapes, installs, new
 * processes, file deletions, network calls. Only what `after` adds counts: lines already
 * in `before` were the notebook's own.
 */
export function unsafeReasons(before: string, after: string): string[] {
  const old = new Set(before.split('\n').map(line => line.trim()));
  const added = after
    .split('\n')
    .filter(line => !old.has(line.trim()))
    .join('\n');
  const reasons: string[] = [];
  for (const { reason, pattern } of UNSAFE) {
    if (pattern.test(added) && !reasons.includes(reason)) {
      reasons.push(reason);
    }
  }
  return reasons;
}
