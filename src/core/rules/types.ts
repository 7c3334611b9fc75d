import type { SyntaxNode, Tree } from '@lezer/common';
import type { IPreparedSource } from './prepare';

/** The three kinds of fix, chosen in this order of need: budget, failure, score. */
export type FixKind =
  'runtime-reduction' | 'error-repair' | 'score-calibration';

/** One replacement in a cell's (or module's) source: offsets into the text it was found in. */
export interface ITextEdit {
  from: number;
  to: number;
  insert: string;
  /**
   * Names the inserted text uses, each with the import that binds it (see bindings.ts).
   * Where a name is not bound at the match (by an earlier cell, or earlier in this
   * source) the rewrite adds its import before the statement that first needs it.
   */
  needs?: readonly IBinding[];
}

/** A name a rewrite introduces and the import statement that binds it. */
export interface IBinding {
  /** The name as the rewrite spells it: `np`, `SimpleImputer`, `scipy.stats`. */
  name: string;
  /** One line of Python binding it: `import numpy as np`. */
  statement: string;
}

/** How the kernel reports the failure a rule explains. */
export interface IErrorSignature {
  /**
   * Exception class name, e.g. `ModuleNotFoundError`; or names, where callers differ; `*`
   * for any exception (not a timeout or a dead kernel, which raise none).
   */
  ename: string | readonly string[];
  /** Matched against the exception message. */
  message: RegExp;
}

/**
 * A question for the live kernel whose answer decides the rewrite, e.g. whether a
 * DataFrame's index holds integers (`.ix` becomes `.loc` or `.iloc`). The expression
 * is evaluated silently and must leave nothing in the user's namespace.
 */
export interface IKernelQuestion {
  /** A Python expression whose text/plain value is passed to `decide`. */
  expression: string;
  /** The edits for this answer; null when no safe rewrite follows from it. */
  decide(answer: string): ITextEdit[] | null;
}

/** Where a rule matched, and what it would change there. */
export interface IRuleMatch {
  ruleId: string;
  /** Span of the eroded code in the source. */
  from: number;
  to: number;
  /** The rewrite; empty when the rule can only point at the line (or asks the kernel). */
  edits: ITextEdit[];
  /** Set when the right rewrite depends on a live object. */
  question?: IKernelQuestion;
  /** Said to the user beside the match when it adds to the rule's summary. */
  note?: string;
  /**
   * Rules whose matches inside this one's span its edits already make: the splitter's
   * `next(cv.split(X))` for `iter(cv).next()` is python.iterator-next's rewrite too.
   * Those matches are left out, or the first of the two would take the span alone.
   */
  covers?: readonly string[];
}

/**
 * What the notebook itself says about when it was written: a changed-default rule pins
 * the old default only when this dates the notebook before the change.
 */
export interface INotebookEvidence {
  /** `metadata.language_info.version`, e.g. `3.6.3`. */
  pythonVersion?: string;
  /**
   * Per distribution, a version the notebook was written before: it uses an API removed
   * there, or its Python dates it (see evidenceOf).
   */
  predates: ReadonlyMap<string, string>;
  /**
   * What the notebook's imports bound as it was written, before any fix: a later cell's
   * `KFold(n, 5)` is the old signature when `KFold` came from `sklearn.cross_validation`,
   * even once that import reads `sklearn.model_selection`.
   */
  imports?: ReadonlyMap<string, string>;
}

/** What a detector sees: one cell's (or module's) source, parsed once for all rules. */
export interface IRuleContext {
  /** The source as written, magics included (the tree sees them blanked, same offsets). */
  source: string;
  tree: Tree;
  /** The tree's nodes of one type (`CallExpression`), in source order; built once per source. */
  nodes(type: string): readonly SyntaxNode[];
  /**
   * What each name bound by the notebook's imports refers to: `np` → `numpy`,
   * `RandomForestClassifier` → `sklearn.ensemble.RandomForestClassifier`.
   */
  imports: ReadonlyMap<string, string>;
  /**
   * Names the notebook binds other than by an import, in any cell (its own `def trapz`):
   * a moved name the notebook also defines is not renamed in its uses.
   */
  defined: ReadonlySet<string>;
  /**
   * The notebook's code cells, parsed, this source among them: a rewrite that takes a
   * name away (comments out its import) looks for its uses in every cell. Absent for a
   * module, which sees only itself.
   */
  cells?: readonly IPreparedSource[];
  /**
   * Installed versions by distribution name (`scikit-learn`), probed in the kernel; the
   * kernel's Python under `python`.
   */
  versions: ReadonlyMap<string, string>;
  evidence: INotebookEvidence;
  /** Paths of the files and folders beside the notebook, relative to its folder (`data/x.csv`). */
  files: ReadonlySet<string>;
  /**
   * The author never ran this cell: the notebook was saved with no execution count and no
   * output for it, so none of its saved results came from it.
   */
  neverRan?: boolean;
}

/** A before/after pair run in a real kernel by the rule's test. */
export interface IRuleExample {
  /** Fails on today's stack (or, for a changed default, prints another number). */
  before: string;
  /** What the rule produces from `before`; runs and gives the old result. */
  after: string;
  /** Code run first in the same kernel (imports, data), not part of the rewrite. */
  setup?: string;
  /** A cell below `before`, never run: the notebook's imports there count. */
  below?: string;
  /** Files beside the notebook (IRuleContext.files), for data-path rules. */
  files?: string[];
  /** The kernel's text/plain answer to the rule's question, for tests without a kernel. */
  answer?: string;
  /** The Python the notebook was saved with, which dates it for changed-default rules. */
  writtenWith?: string;
  /** Distributions `after` needs that today's stack may lack (e.g. `ipywidgets`). */
  requires?: string[];
  /** The author never ran `before` (IRuleContext.neverRan). */
  neverRan?: boolean;
}

/**
 * One API change in one library: when it happened, what it broke, how to find it in a
 * parsed cell, and how to rewrite it. Rules are data: one file per library lists them.
 */
export interface IRule {
  /** Stable id, `<library>.<change>`, e.g. `sklearn.cross-validation-module`. */
  id: string;
  /** Distribution name whose installed version decides whether the rule applies. */
  distribution: string;
  /** The version that made the change; the rule applies to installed versions at or past it. */
  since: string;
  /** One line: what changed. */
  summary: string;
  /** The changelog entry. */
  link: string;
  kind: FixKind;
  /** The failure it explains; absent for silent changes, found only by the preflight scan. */
  raises?: IErrorSignature;
  /**
   * Matched only to explain its own failure (`raises`), never by the preflight scan nor
   * for another error: its shape (any subscript) is too common to list or ask about first.
   */
  onFailureOnly?: boolean;
  /**
   * A fix of last resort, which gives up on the code rather than repairing it: asked only
   * about the cell that failed, once no other rule and no language model has a fix
   * (IFixRequest.lastResort).
   */
  lastResort?: boolean;
  /**
   * Names the rewrite writes, as Python expressions rooted at a module
   * (`sklearn.impute.SimpleImputer`, `matplotlib.colormaps['nipy_spectral']`): each must
   * exist on today's stack, which a test checks in the installed environment.
   */
  targets?: readonly string[];
  /** Every place in the source where the rule applies. */
  find(context: IRuleContext): IRuleMatch[];
  examples: IRuleExample[];
}

/** One match of one rule in one notebook cell, as the preflight scan lists it. */
export interface IFinding {
  ruleId: string;
  cellId: string;
  /** 1-based line and column of the match's start in the cell. */
  line: number;
  column: number;
  /** The matched text. */
  text: string;
  summary: string;
  link: string;
  kind: FixKind;
  note?: string;
  /** A rewrite is known without running anything. */
  offline: boolean;
  /** The rewrite depends on a live object: ask the kernel first. */
  needsKernel: boolean;
}

/** A cell the scan could not read, and why. */
export interface ISkippedCell {
  cellId: string;
  reason: string;
}

/** The preflight scan of a notebook. */
export interface IScanResult {
  findings: IFinding[];
  skipped: ISkippedCell[];
}
