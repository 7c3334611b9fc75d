import type { IProposal } from '../model/types';
import { pythonStringValue } from '../environment/versions';
import type { ICellResult, IKernelProbe } from '../execution/types';
import {
  answerQuestions,
  namesBoundBefore,
  namesDefined,
  prepareSource,
  proposeRewrite,
  raisedBy,
  scanSource,
  type IScanEnvironment
} from '../rules/engine';
import type { IRule, IRuleMatch } from '../rules/types';
import { unsafeReasons } from '../review/safety';
import { moduleLines } from '../diagnosis/traceback';
import type { IFixer, IFixRequest } from '../model/types';

/**
 * Fixes from the migration rules: deterministic, offline, version and evidence aware. The
 * rules of the requested kind are run over the target; questions about live objects are
 * put to the kernel when there is one. For a failure, rules whose error signature matches
 * it go first, so their rewrite wins where two overlap.
 */
export class RulesFixer implements IFixer {
  constructor(rules: readonly IRule[]) {
    this._rules = rules;
    this._byId = new Map(rules.map(rule => [rule.id, rule]));
  }

  readonly name = 'rules';

  /**
   * The rewrite of every applicable match of the request's kind, or null: of the rules of
   * last resort only when the request asks for one (IFixRequest.lastResort).
   */
  async propose(request: IFixRequest): Promise<IProposal | null> {
    const rules = this._rules.filter(
      rule =>
        rule.kind === request.kind &&
        !rule.lastResort === !request.lastResort &&
        (!rule.onFailureOnly || explainsFailure(rule, request.failure))
    );
    if (rules.length === 0) {
      return null;
    }
    const environment = await this._withVersions(request);
    let matches = scanSource(request.source, rules, environment);
    if (request.probe && matches.some(m => m.question && !m.edits.length)) {
      matches = await answerQuestions(matches, request.probe);
    }
    matches = Private.failureFirst(matches, this._byId, request.failure);
    if (Private.offTheFailure(request, matches, this._byId)) {
      return null;
    }
    const rewrite = proposeRewrite(request.source, matches, {
      bound: Private.boundBefore(request)
    });
    if (!rewrite || rewrite.source === request.source) {
      return null;
    }
    const summaries = rewrite.ruleIds.map(id => this._byId.get(id)!.summary);
    return {
      id: `rules-${++RulesFixer._count}`,
      target: request.target,
      kind: request.kind,
      before: request.source,
      after: rewrite.source,
      rationale: Private.rationale(summaries),
      ruleIds: rewrite.ruleIds,
      fixer: this.name,
      // Only the text the rules declare is theirs: the rest of the change is judged. The
      // imports of the names their edits need are theirs too.
      unsafe: unsafeReasons(request.source, rewrite.edited, {
        imports: request.environment.imports,
        trusted: matches.flatMap(match => match.edits)
      })
    };
  }

  /**
   * The request's environment with the versions of every library the rules are about:
   * the notebook's probe knows only the libraries the notebook imports, and a helper
   * module may import others, or hand the notebook their objects (a pandas frame's
   * `.values` from a loader the repository ships). A rule applies only where its
   * library's version is known. Asked of the kernel once, silently, for a failure or a
   * module.
   */
  private async _withVersions(request: IFixRequest): Promise<IScanEnvironment> {
    const { probe, target } = request;
    const environment = Private.withDefinitions(request);
    const missing = this._distributions.filter(
      d => !environment.versions.has(d)
    );
    if (
      (target.kind !== 'module' && !request.failure) ||
      !probe ||
      missing.length === 0
    ) {
      return environment;
    }
    this._probed ??= Private.probeVersions(probe, missing);
    const versions = new Map([
      ...(await this._probed),
      ...environment.versions
    ]);
    return { ...environment, versions };
  }

  private _probed: Promise<Map<string, string>> | undefined;
  private get _distributions(): string[] {
    return [...new Set(this._rules.map(rule => rule.distribution))].filter(
      d => d !== 'python'
    );
  }
  // Proposal ids are unique within the process.
  private static _count = 0;
  private readonly _rules: readonly IRule[];
  private readonly _byId: Map<string, IRule>;
}

/** Whether a rule explains a failure: its exception name and message match. */
export function explainsFailure(
  rule: IRule,
  failure: ICellResult | undefined
): boolean {
  return !!failure && raisedBy(rule, failure);
}

namespace Private {
  /**
   * For a cell, the notebook's cells and the names it defines in any of them (see
   * IRuleContext.cells and IRuleContext.defined).
   */
  export function withDefinitions(request: IFixRequest): IScanEnvironment {
    const { environment, target, document } = request;
    if (target.kind !== 'cell' || (environment.defined && environment.cells)) {
      return environment;
    }
    const cells = document.codeCells().map(cell => prepareSource(cell.source));
    return {
      ...environment,
      defined: environment.defined ?? namesDefined(cells),
      cells: environment.cells ?? cells
    };
  }

  /** Installed versions of distributions, read in the kernel; none when it cannot say. */
  export async function probeVersions(
    probe: IKernelProbe,
    distributions: readonly string[]
  ): Promise<Map<string, string>> {
    const expression =
      "(lambda md: __import__('json').dumps({d: v for d in " +
      JSON.stringify(distributions) +
      ' for v in [next((x.version for x in md.distributions(name=d)), None)] if v}))' +
      "(__import__('importlib.metadata', fromlist=['distributions']))";
    try {
      const found = JSON.parse(
        pythonStringValue(await probe.evaluate(expression))
      );
      return new Map(Object.entries(found as Record<string, string>));
    } catch {
      return new Map();
    }
  }

  /**
   * The names bound where the target runs: by the code cells above a cell (they ran
   * first); none for a module, which sees only its own imports.
   */
  export function boundBefore(request: IFixRequest): Set<string> {
    const { target, document } = request;
    if (target.kind !== 'cell') {
      return new Set();
    }
    const cells = document.codeCells();
    const index = cells.findIndex(cell => cell.id === target.cellId);
    return namesBoundBefore(
      cells.slice(0, Math.max(index, 0)).map(cell => prepareSource(cell.source))
    );
  }

  /** Matches of rules that explain the failure first, each group in source order. */
  export function failureFirst(
    matches: IRuleMatch[],
    byId: ReadonlyMap<string, IRule>,
    failure: ICellResult | undefined
  ): IRuleMatch[] {
    if (!failure) {
      return matches;
    }
    const explains = (m: IRuleMatch) =>
      explainsFailure(byId.get(m.ruleId)!, failure);
    return [...matches.filter(explains), ...matches.filter(m => !explains(m))];
  }

  /**
   * Whether a failed run's module would be rewritten only by rules that neither explain
   * the failure nor touch a line it was raised at: the run would restart its kernel to
   * load a module that fails the same way.
   */
  export function offTheFailure(
    request: IFixRequest,
    matches: readonly IRuleMatch[],
    byId: ReadonlyMap<string, IRule>
  ): boolean {
    const { target, failure, source } = request;
    if (target.kind !== 'module' || !failure) {
      return false;
    }
    const raisedAt = new Set(moduleLines(failure.traceback ?? [], target.path));
    const lineOf = (offset: number) =>
      source.slice(0, offset).split('\n').length;
    return !matches.some(
      m =>
        explainsFailure(byId.get(m.ruleId)!, failure) ||
        [...raisedAt].some(
          line => lineOf(m.from) <= line && line <= lineOf(m.to)
        )
    );
  }

  /** One line: the first rule's summary, and how many more changes came with it. */
  export function rationale(summaries: string[]): string {
    const first = summaries[0];
    const more = summaries.length - 1;
    return more === 0
      ? first
      : `${first} (and ${more} more change${more === 1 ? '' : 's'})`;
  }
}
