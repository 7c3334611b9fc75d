import type { IRule } from './types';

/**
 * Compares two versions the PEP 440 way, simplified: numeric release segments compare as
 * numbers (`1.10` > `1.9`, `1.4` = `1.4.0`), and a pre-release (`2.0.0rc1`, `1.4.dev0`)
 * sorts before its release. Local and post parts are ignored.
 */
export function compareVersions(a: string, b: string): number {
  const [releaseA, preA] = Private.split(a);
  const [releaseB, preB] = Private.split(b);
  const length = Math.max(releaseA.length, releaseB.length);
  for (let i = 0; i < length; i++) {
    const diff = (releaseA[i] ?? 0) - (releaseB[i] ?? 0);
    if (diff !== 0) {
      return Math.sign(diff);
    }
  }
  return Number(preB) - Number(preA);
}

/**
 * Whether a rule applies to the installed versions: the installed version of its
 * distribution (the kernel's Python for `python` rules) is at or past the rule's `since`.
 * An unknown version never applies: the library may be absent or the probe failed.
 */
export function ruleApplies(
  rule: IRule,
  versions: ReadonlyMap<string, string>
): boolean {
  const installed = versions.get(rule.distribution);
  return installed !== undefined && compareVersions(installed, rule.since) >= 0;
}

namespace Private {
  /** Release numbers and whether the version is a pre-release (a, b, rc, dev). */
  export function split(version: string): [number[], boolean] {
    const match = /^\s*v?(\d+(?:\.\d+)*)(.*)$/i.exec(version);
    if (!match) {
      return [[], false];
    }
    const release = match[1].split('.').map(Number);
    const rest = match[2].replace(/^[.+-]?post\d*|\+.*$/gi, '');
    return [
      release,
      /^[.-]?(a|b|c|rc|alpha|beta|pre|preview|dev)\d*/i.test(rest)
    ];
  }
}
