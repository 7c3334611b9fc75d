import { defineRule, matchAt } from './builders';
import { importsOf } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import { dottedName, indentAt } from './syntax';
import type { IRule, IRuleMatch } from './types';

/**
 * Where six's Python 3 names live in the standard library: `module.name`, a module alone
 * (`pickle` for `cPickle`), or a builtin (`builtins.range` for `xrange`).
 */
const PY3: Readonly<Record<string, string>> = {
  StringIO: 'io.StringIO',
  BytesIO: 'io.BytesIO',
  cStringIO: 'io.StringIO',
  xrange: 'builtins.range',
  range: 'builtins.range',
  zip: 'builtins.zip',
  map: 'builtins.map',
  filter: 'builtins.filter',
  input: 'builtins.input',
  reduce: 'functools.reduce',
  zip_longest: 'itertools.zip_longest',
  cPickle: 'pickle',
  configparser: 'configparser',
  queue: 'queue',
  urllib: 'urllib',
  html_parser: 'html.parser'
};
const MODULES = new Set([
  'pickle',
  'configparser',
  'queue',
  'urllib',
  'html.parser'
]);
const SIX = /^(sklearn\.externals\.)?six(\.moves)?$/;

/**
 * `sklearn.externals.six` (removed in 0.23) and `six` itself: imports of its Python 3
 * names come from the standard library (`from sklearn.externals.six import StringIO` →
 * `from io import StringIO`); `from sklearn.externals import six` becomes `import six`.
 * Names with no standard equivalent stay with six (`from six import string_types`).
 */
const six = defineRule(
  {
    id: 'sklearn.six-module',
    needs: ['six'],
    distribution: 'scikit-learn',
    since: '0.23',
    summary:
      '`sklearn.externals.six` was removed in scikit-learn 0.23: its Python 3 names are in the standard library (`from io import StringIO`).',
    link: sklearnNotes('0.23'),
    raises: {
      ename: ['ModuleNotFoundError', 'ImportError'],
      message: /sklearn\.externals\.six|cannot import name 'six'/
    },
    targets: [...new Set(Object.values(PY3))],
    examples: [
      {
        before:
          "from sklearn.externals.six import StringIO\nout = StringIO()\nout.write('tree')\nprint(out.getvalue())",
        after:
          "from io import StringIO\nout = StringIO()\nout.write('tree')\nprint(out.getvalue())"
      },
      {
        before:
          'from sklearn.externals.six.moves import xrange, cPickle\nprint(list(xrange(3)), cPickle.loads(cPickle.dumps(1)))',
        after:
          'xrange = range\nimport pickle as cPickle\nprint(list(xrange(3)), cPickle.loads(cPickle.dumps(1)))'
      },
      {
        before: 'from sklearn.externals import six\nprint(six.PY3)',
        after: 'import six\nprint(six.PY3)'
      }
    ]
  },
  context => {
    const matches: IRuleMatch[] = [];
    for (const { node, module, names } of importsOf(context)) {
      if (
        module?.name === 'sklearn.externals' &&
        names.length === 1 &&
        names[0].name === 'six'
      ) {
        const alias = names[0].alias ? ` as ${names[0].alias}` : '';
        matches.push(
          matchAt('sklearn.six-module', node, [
            { from: node.from, to: node.to, insert: `import six${alias}` }
          ])
        );
        continue;
      }
      const from = module?.name ?? '';
      const urllib =
        /^(sklearn\.externals\.)?six\.moves\.(urllib(\.\w+)?)$/.exec(from);
      if (!module || !(SIX.test(from) || urllib)) {
        continue;
      }
      const vendored = from.startsWith('sklearn.');
      const lines = names.map(name => {
        const local = name.alias ?? name.name;
        if (urllib) {
          return `from ${urllib[2]} import ${name.name}${local === name.name ? '' : ` as ${local}`}`;
        }
        const target =
          from.endsWith('moves') || name.name in PY3
            ? PY3[name.name]
            : undefined;
        if (target === undefined) {
          // No standard equivalent: six itself, not sklearn's removed copy.
          const six = vendored ? from.slice('sklearn.externals.'.length) : from;
          return `from ${six} import ${name.name}${local === name.name ? '' : ` as ${local}`}`;
        }
        if (target.startsWith('builtins.')) {
          const builtin = target.slice('builtins.'.length);
          return local === builtin ? '' : `${local} = ${builtin}`;
        }
        if (target === 'urllib' && local === 'urllib') {
          // `urllib.request.urlopen` needs its submodules imported.
          return 'import urllib.request, urllib.parse';
        }
        if (MODULES.has(target)) {
          return local === target
            ? `import ${target}`
            : `import ${target} as ${local}`;
        }
        const dot = target.lastIndexOf('.');
        const [where, what] = [target.slice(0, dot), target.slice(dot + 1)];
        return `from ${where} import ${what}${local === what ? '' : ` as ${local}`}`;
      });
      const kept = lines.filter(line => line !== '');
      // Unchanged when six itself is imported and every name stays with it.
      if (!vendored && kept.every(line => line.startsWith(`from ${from} `))) {
        continue;
      }
      const top = node.parent?.name === 'Script';
      const insert =
        kept.length === 0
          ? top
            ? ''
            : 'pass'
          : kept.join(`\n${indentAt(context.source, node.from)}`);
      matches.push(
        matchAt('sklearn.six-module', node, [
          { from: node.from, to: node.to, insert }
        ])
      );
    }
    // `sklearn.externals.six.moves.xrange(3)`: rare, pointed at.
    for (const member of context.nodes('MemberExpression')) {
      const dotted = dottedName(context, member);
      if (dotted === 'sklearn.externals.six') {
        matches.push(
          matchAt('sklearn.six-module', member, [
            { from: member.from, to: member.to, insert: 'six' }
          ])
        );
      }
    }
    return matches;
  }
);

/** The vendored six, in every import form. */
export const sklearnSixRules: IRule[] = [six];
