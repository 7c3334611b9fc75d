import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import {
  argsOf,
  calleeOf,
  childrenOf,
  dottedName,
  resolve,
  textOf
} from './syntax';
import type { IRule, IRuleContext } from './types';

/**
 * `int(sklearn.__version__[2:4])`: the minor version read at fixed positions of `0.NN`, to
 * compare with a release (`>= 18`). Since scikit-learn 1.0 (pandas 1.0, numpy 2.0) those
 * positions hold `9.` and `int` refuses them. Counted as `100 * major + minor`, every 0.x
 * keeps its old number (0.18 is 18) and 1.9 is 109, newer than all of them, as it is.
 */
export const versionStringRules: IRule[] = [
  defineRule(
    {
      id: 'python.version-slice',
      distribution: 'python',
      // Not a Python change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A version read at fixed positions (`int(sklearn.__version__[2:4])`) assumed `0.NN`: count it as 100 × major + minor, so that releases since 1.0 compare as newer.',
      link: 'https://packaging.python.org/en/latest/specifications/version-specifiers/',
      raises: {
        ename: 'ValueError',
        message: /invalid literal for int\(\) with base 10/
      },
      needs: ['__version__'],
      examples: [
        {
          setup: 'import sklearn',
          before:
            "skversion = int(sklearn.__version__[2:4])\nprint('model_selection' if skversion >= 18 else 'cross_validation')",
          after:
            "skversion = int(sklearn.__version__.split('.')[1]) + 100 * int(sklearn.__version__.split('.')[0])\nprint('model_selection' if skversion >= 18 else 'cross_validation')"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        const slice = args[0]?.value;
        if (
          callee?.node.name !== 'VariableName' ||
          callee.name !== 'int' ||
          context.defined.has('int') ||
          args.length !== 1 ||
          args[0].name ||
          args[0].star ||
          slice?.name !== 'MemberExpression'
        ) {
          return [];
        }
        const version = slice.firstChild;
        const key = textOf(context, slice).slice(
          version ? version.to - slice.from : 0
        );
        const dotted =
          version?.name === 'MemberExpression'
            ? dottedName(context, version)
            : null;
        if (
          !dotted?.endsWith('.__version__') ||
          !/^\[\s*2\s*:\s*4\s*\]$/.test(key)
        ) {
          return [];
        }
        const parts = `${dotted}.split('.')`;
        const sum = `int(${parts}[1]) + 100 * int(${parts}[0])`;
        // A sum binds less tightly than a call: bracketed but where it stands alone.
        const parent = call.parent;
        const alone =
          parent?.name === 'AssignStatement' ||
          parent?.name === 'ArgList' ||
          (parent?.name === 'BinaryExpression' &&
            parent.getChild('CompareOp') !== null);
        return [
          matchAt('python.version-slice', call, [
            {
              from: call.from,
              to: call.to,
              insert: alone ? sum : `(${sum})`
            }
          ])
        ];
      })
  ),
  // `sys.version.split('\n')[1]`: CPython's version string held the compiler on a second
  // line until 3.10; it is one line now, whose end is the compiler.
  defineRule(
    {
      id: 'python.version-lines',
      distribution: 'python',
      since: '3.10',
      summary:
        '`sys.version` is one line since Python 3.10: the compiler its second line named ends it, so the last line is read.',
      link: 'https://github.com/python/cpython/issues/87444',
      raises: { ename: 'IndexError', message: /list index out of range/ },
      needs: ['version'],
      examples: [
        {
          setup: 'import sys',
          before:
            "print('Python:', sys.version.split('\\n')[0])\nprint('        ', sys.version.split('\\n')[1])",
          after:
            "print('Python:', sys.version.split('\\n')[0])\nprint('        ', sys.version.split('\\n')[-1])"
        }
      ]
    },
    context =>
      context.nodes('MemberExpression').flatMap(item => {
        const lines = item.firstChild;
        const open = item.getChild('[');
        const index = open?.nextSibling;
        const callee = lines && calleeOf(context, lines);
        const args = lines ? argsOf(context, lines) : [];
        const owner = callee?.node.firstChild;
        const dotted = owner ? dottedName(context, owner) : null;
        const splits =
          (callee?.name === 'split' &&
            args.length === 1 &&
            /^(['"])\\n\1$/.test(textOf(context, args[0].value))) ||
          (callee?.name === 'splitlines' && args.length === 0);
        if (
          !dotted ||
          resolve(context, dotted) !== 'sys.version' ||
          !splits ||
          callee?.node.name !== 'MemberExpression' ||
          index?.name !== 'Number' ||
          index.nextSibling?.name !== ']' ||
          !(Number(textOf(context, index)) >= 1)
        ) {
          return [];
        }
        return [
          matchAt('python.version-lines', index, [
            { from: index.from, to: index.to, insert: '-1' }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'python.version-guard',
      distribution: 'python',
      since: '3.0',
      summary:
        'A guard that refused to run on anything but Python 2 (`if version_info.major != 2: raise ...`) goes: the notebook is being brought to Python 3, which is what it refused.',
      link: 'https://docs.python.org/3/library/sys.html#sys.version_info',
      raises: {
        ename: [
          'Exception',
          'RuntimeError',
          'OSError',
          'SystemError',
          'SystemExit',
          'ImportError',
          'ValueError',
          'NotImplementedError'
        ],
        message: /[\s\S]*/
      },
      // Any exception may be the guard's: only the guard that raised it is taken out.
      onFailureOnly: true,
      examples: [
        {
          setup: 'import sys',
          before:
            "if sys.version_info[0] != 2:\n    raise Exception('Please use Python 2.7')\nprint('ran')",
          after: "print('ran')"
        }
      ]
    },
    context =>
      context.nodes('IfStatement').flatMap(statement => {
        const parts = childrenOf(statement).filter(
          node => node.name !== 'Comment'
        );
        const test = parts[1];
        const body = parts[2];
        if (
          statement.parent?.name !== 'Script' ||
          parts.length !== 3 ||
          body?.name !== 'Body' ||
          !Private.readsVersionOnly(context, test) ||
          !Private.refuses(context, body)
        ) {
          return [];
        }
        const start = context.source.lastIndexOf('\n', statement.from - 1) + 1;
        return [
          matchAt('python.version-guard', statement, [
            { from: start, to: statement.to, insert: '' }
          ])
        ];
      })
  )
];

namespace Private {
  const VERSION_NAMES = new Set([
    'sys',
    'version_info',
    'platform',
    'python_version'
  ]);

  /**
   * Whether a condition reads the interpreter's version and nothing else: names from
   * `sys` and `platform` (`version_info`, `sys.version`, `python_version()`), and numbers.
   */
  export function readsVersionOnly(
    context: IRuleContext,
    test: SyntaxNode | undefined
  ): boolean {
    if (!test || !/version/.test(textOf(context, test))) {
      return false;
    }
    let only = true;
    test.cursor().iterate(node => {
      if (
        node.name === 'VariableName' &&
        !VERSION_NAMES.has(context.source.slice(node.from, node.to))
      ) {
        only = false;
      }
    });
    return only;
  }

  /** Whether a block only refuses: it raises or exits, and at most prints first. */
  export function refuses(context: IRuleContext, body: SyntaxNode): boolean {
    const statements = childrenOf(body).filter(node =>
      /Statement$/.test(node.name)
    );
    const stops = (node: SyntaxNode) =>
      node.name === 'RaiseStatement' ||
      (node.name === 'ExpressionStatement' &&
        /^(sys\.)?exit\(/.test(textOf(context, node)));
    const prints = (node: SyntaxNode) =>
      node.name === 'ExpressionStatement' &&
      /^print\(/.test(textOf(context, node));
    return (
      statements.length > 0 &&
      stops(statements[statements.length - 1]) &&
      statements.slice(0, -1).every(prints)
    );
  }
}
