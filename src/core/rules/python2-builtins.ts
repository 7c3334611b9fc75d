import type { SyntaxNode } from '@lezer/common';
import {
  attributeRenamed,
  defineRule,
  matchAt,
  type IRuleInfo
} from './builders';
import { argsOf, calleeOf, textOf } from './syntax';
import type { IRule } from './types';

// Python 2 builtins and dict methods, gone in Python 3.0.
const py2 = {
  distribution: 'python',
  since: '3.0',
  link: 'https://docs.python.org/3/whatsnew/3.0.html'
};
const nameError = (name: string) => ({
  ename: 'NameError',
  message: new RegExp(`name '${name}' is not defined`)
});

/**
 * A builtin that Python 3 renamed or moved, wherever the cell calls or names it:
 * `xrange(3)` → `range(3)`. `module` is imported first when the new name lives in one.
 */
function builtinRenamed(
  info: IRuleInfo & { name: string; to: string; module?: string }
): IRule {
  return defineRule({ ...info, needs: [info.name] }, context => {
    // A cell that defines the name itself (`def unicode(...)`, `long = 3`) means its own.
    const defined = new RegExp(
      `^\\s*(def\\s+${info.name}\\b|${info.name}\\s*=[^=])`,
      'm'
    );
    if (defined.test(context.source)) {
      return [];
    }
    return context
      .nodes('VariableName')
      .filter(
        node =>
          textOf(context, node) === info.name &&
          node.parent?.name !== 'ImportStatement'
      )
      .map(node => {
        const edits = [{ from: node.from, to: node.to, insert: info.to }];
        if (info.module && !context.imports.has(info.module)) {
          edits.unshift({ from: 0, to: 0, insert: `import ${info.module}\n` });
        }
        return matchAt(info.id, node, edits);
      });
  });
}

/** Python 2 builtins and dict methods. */
export const python2BuiltinRules: IRule[] = [
  defineRule(
    {
      ...py2,
      id: 'python.has-key',
      needs: ['has_key'],
      summary: '`d.has_key(k)` is `k in d` in Python 3.',
      raises: {
        ename: 'AttributeError',
        message: /object has no attribute 'has_key'/
      },
      examples: [
        {
          before: "d = {'a': 1}\nif d.has_key('a'):\n    print('yes')",
          after: "d = {'a': 1}\nif 'a' in d:\n    print('yes')"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        if (
          callee?.name !== 'has_key' ||
          callee.node.name !== 'MemberExpression' ||
          args.length !== 1 ||
          args[0].name
        ) {
          return [];
        }
        const owner = textOf(context, callee.node.firstChild!);
        const key = context.source.slice(args[0].from, args[0].to);
        const bare = Private.standsAlone(call);
        const insert = bare ? `${key} in ${owner}` : `(${key} in ${owner})`;
        return [
          matchAt('python.has-key', call, [
            { from: call.from, to: call.to, insert }
          ])
        ];
      })
  ),
  ...(
    [
      ['iteritems', 'items'],
      ['itervalues', 'values'],
      ['iterkeys', 'keys'],
      ['viewitems', 'items'],
      ['viewvalues', 'values'],
      ['viewkeys', 'keys']
    ] as const
  ).map(([old, to]) =>
    attributeRenamed({
      ...py2,
      id: `python.dict-${old}`,
      summary: `\`dict.${old}()\` is \`dict.${to}()\` in Python 3.`,
      raises: {
        ename: 'AttributeError',
        message: new RegExp(`object has no attribute '${old}'`)
      },
      attribute: old,
      to,
      call: true,
      // dict's take no argument: `six.iteritems(d)` is another function, which still works.
      when: (context, call) => argsOf(context, call).length === 0,
      examples: [
        {
          before: `d = {'a': 1}\nfor x in d.${old}():\n    print(x)`,
          after: `d = {'a': 1}\nfor x in d.${to}():\n    print(x)`
        }
      ]
    })
  ),
  ...(
    [
      ['xrange', 'range', 'print(list(xrange(3)))'],
      ['raw_input', 'input', 'print(raw_input.__name__)'],
      ['unicode', 'str', 'print(unicode(12))'],
      ['unichr', 'chr', 'print(unichr(97))'],
      ['basestring', 'str', "print(isinstance('a', basestring))"],
      ['long', 'int', 'print(long(3))']
    ] as const
  ).map(([name, to, before]) =>
    builtinRenamed({
      ...py2,
      id: `python.${name.replace('_', '-')}`,
      summary: `The builtin \`${name}\` is \`${to}\` in Python 3.`,
      raises: nameError(name),
      name,
      to,
      examples: [
        {
          before,
          after: before.replace(new RegExp(`\\b${name}\\b`, 'g'), to)
        }
      ]
    })
  ),
  builtinRenamed({
    ...py2,
    id: 'python.reduce',
    summary: '`reduce` moved to `functools.reduce` in Python 3.',
    raises: nameError('reduce'),
    name: 'reduce',
    to: 'functools.reduce',
    module: 'functools',
    examples: [
      {
        before: 'print(reduce(lambda a, b: a * b, [1, 2, 3, 4]))',
        after:
          'import functools\nprint(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]))'
      }
    ]
  })
];

namespace Private {
  /** Whether a call is a whole condition or statement (no parentheses needed around `in`). */
  export function standsAlone(call: SyntaxNode): boolean {
    const parent = call.parent?.name;
    return (
      parent === 'IfStatement' ||
      parent === 'WhileStatement' ||
      parent === 'ExpressionStatement' ||
      parent === 'AssignStatement'
    );
  }
}
