import { scanPrepared } from './engine';
import { importTable, prepareSource, type IPreparedSource } from './prepare';
import { compareVersions } from './versions';
import type { INotebookEvidence, IRule, IRuleContext } from './types';

/**
 * Library versions a notebook saved with a given Python was written before. A Python
 * minor stays in common use for about three years: a notebook saved with Python 3.X is
 * taken to predate the library releases that came out after Python 3.(X+2) was released
 * (3.6 → 3.8 in 2019-10 → before scikit-learn 0.22 of 2019-12). Python 2.7 notebooks
 * predate the first releases that dropped Python 2.
 */
const PYTHON_ERA: Record<string, Record<string, string>> = {
  '2.7': {
    'scikit-learn': '0.21',
    pandas: '0.25',
    numpy: '1.17',
    matplotlib: '3.0'
  },
  '3.4': {
    'scikit-learn': '0.19',
    pandas: '0.21',
    numpy: '1.14',
    matplotlib: '2.1'
  },
  '3.5': {
    'scikit-learn': '0.20',
    pandas: '0.24',
    numpy: '1.15',
    matplotlib: '3.0'
  },
  '3.6': {
    'scikit-learn': '0.22',
    pandas: '1.0',
    numpy: '1.18',
    matplotlib: '3.2'
  },
  '3.7': {
    'scikit-learn': '0.24',
    pandas: '1.2',
    numpy: '1.20',
    matplotlib: '3.4'
  },
  '3.8': {
    'scikit-learn': '1.1',
    pandas: '1.4',
    numpy: '1.22',
    matplotlib: '3.5'
  },
  '3.9': {
    'scikit-learn': '1.2',
    pandas: '2.0',
    numpy: '1.24',
    matplotlib: '3.7'
  },
  '3.10': {
    'scikit-learn': '1.4',
    pandas: '2.2',
    numpy: '2.0',
    matplotlib: '3.9'
  }
};

/**
 * Whether the notebook was written for Python 2: saved with it, or using Python 2 code the
 * rules know (a `print` statement), whatever a later save's metadata says.
 */
export function writtenForPython2(context: IRuleContext): boolean {
  const { pythonVersion, predates } = context.evidence;
  const python = predates.get('python');
  return (
    /^2\./.test(pythonVersion ?? '') ||
    (python !== undefined && compareVersions(python, '3.0') <= 0)
  );
}

/**
 * When the notebook was written, from what it says itself: the Python it was saved with
 * (`metadata.language_info.version`, dated by the table above) and the removed APIs its
 * code still uses (an import of `sklearn.cross_validation`, removed in 0.20, dates it
 * before scikit-learn 0.20). For each distribution the earliest such version is kept.
 */
export function evidenceOf(
  metadata: Record<string, any> | undefined,
  sources: readonly string[],
  rules: readonly IRule[]
): INotebookEvidence {
  const predates = new Map<string, string>();
  const keepEarliest = (distribution: string, version: string) => {
    const known = predates.get(distribution);
    if (known === undefined || compareVersions(version, known) < 0) {
      predates.set(distribution, version);
    }
  };

  const version = metadata?.language_info?.version;
  const pythonVersion = typeof version === 'string' ? version : undefined;
  const minor = /^(\d+\.\d+)/.exec(pythonVersion ?? '')?.[1];
  for (const [distribution, before] of Object.entries(
    PYTHON_ERA[minor ?? ''] ?? {}
  )) {
    keepEarliest(distribution, before);
  }

  // Removed APIs in use; changed defaults say nothing about age, so they are left out,
  // and so are rules that act only on their error: their code alone does not tell.
  const removals = rules.filter(
    rule => rule.kind === 'error-repair' && rule.raises && !rule.onFailureOnly
  );
  const byId = new Map(removals.map(rule => [rule.id, rule]));
  const prepared = sources.map(prepareSource);
  const imports = importTable(prepared);
  for (const source of prepared) {
    const { matches } = scanPrepared(source, removals, {
      versions: new Map(),
      imports,
      gate: false
    });
    for (const match of matches) {
      // A fallback for old versions (`except ImportError:`, `if version < ...:`) says
      // the notebook ran on both, not that it predates the change.
      if (Private.guarded(source, match.from)) {
        continue;
      }
      const rule = byId.get(match.ruleId)!;
      keepEarliest(rule.distribution, rule.since);
    }
  }
  return { pythonVersion, predates, imports };
}

namespace Private {
  const IMPORT_ERRORS = /\b(ImportError|ModuleNotFoundError)\b/;

  /**
   * Whether an offset lies in a version guard: a try statement with an `except
   * ImportError` clause (either branch), or an if statement whose test reads a version.
   */
  export function guarded(source: IPreparedSource, at: number): boolean {
    const text = (from: number, to: number) => source.python.slice(from, to);
    for (
      let node = source.tree.resolveInner(at, 1).parent;
      node;
      node = node.parent
    ) {
      if (node.name === 'TryStatement') {
        for (let c = node.firstChild; c; c = c.nextSibling) {
          const clause = c.nextSibling;
          if (
            c.name === 'except' &&
            clause &&
            clause.name !== 'Body' &&
            IMPORT_ERRORS.test(text(clause.from, clause.to))
          ) {
            return true;
          }
        }
      }
      if (node.name === 'IfStatement') {
        const test = node.firstChild?.nextSibling;
        if (test && /version/i.test(text(test.from, test.to))) {
          return true;
        }
      }
    }
    return false;
  }
}
