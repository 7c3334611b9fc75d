import {
  aliasReplaced,
  defineRule,
  keywordRemoved,
  matchAt,
  methodRenamed
} from './builders';
import { importsOf, moduleMoved, nameMoved } from './builders-imports';
import { argsOf, calleeOf, callsTo, dottedName, resolve } from './syntax';
import type { IRule, IRuleMatch } from './types';

// Standard-library modules and names that Python 3 releases renamed or removed.
const whatsNew = (version: string) =>
  `https://docs.python.org/3/whatsnew/${version}.html`;
const moduleGone = (module: string) => ({
  ename: 'ModuleNotFoundError',
  message: new RegExp(`No module named '${module}'`)
});
const attributeGone = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});
// Abstract base classes that left `collections` for `collections.abc` in Python 3.10.
const ABCS = [
  'Mapping',
  'MutableMapping',
  'Sequence',
  'MutableSequence',
  'Iterable',
  'Iterator',
  'Callable',
  'Hashable',
  'Set',
  'MutableSet'
];

/** Python 2 modules renamed in Python 3, one rule each. */
const renamedModules = (
  [
    ['cPickle', 'pickle', 'print(cPickle.loads(cPickle.dumps(3)))'],
    ['StringIO', 'io', 'print(StringIO.StringIO("a").read())'],
    ['cStringIO', 'io', 'print(cStringIO.StringIO("a").read())'],
    [
      'urllib2',
      'urllib.request',
      'print(urllib2.Request("http://x.org").host)'
    ],
    [
      'urlparse',
      'urllib.parse',
      'print(urlparse.urlparse("http://x.org/a").path)'
    ],
    [
      'ConfigParser',
      'configparser',
      'print(ConfigParser.ConfigParser().sections())'
    ],
    ['Queue', 'queue', 'print(Queue.Queue().qsize())'],
    ['httplib', 'http.client', 'print(httplib.OK)']
  ] as const
).map(([module, to, use]) =>
  moduleMoved({
    id: `python.module-${module.toLowerCase()}`,
    distribution: 'python',
    since: '3.0',
    summary: `The module \`${module}\` is \`${to}\` in Python 3.`,
    link: whatsNew('3.0'),
    raises: moduleGone(module),
    module,
    to,
    examples: [
      {
        before: `import ${module}\n${use}`,
        after: `import ${to} as ${module}\n${use}`
      }
    ]
  })
);

/** Module attributes renamed in Python 3 releases: `[module, name, new, since, before, after]`. */
const renamedAttributes = (
  [
    [
      'itertools',
      'izip',
      'zip',
      '3.0',
      'print(list(itertools.izip([1], [2])))'
    ],
    [
      'itertools',
      'imap',
      'map',
      '3.0',
      'print(list(itertools.imap(abs, [-1])))'
    ],
    [
      'itertools',
      'izip_longest',
      '$.zip_longest',
      '3.0',
      'print(list(itertools.izip_longest([1], [])))'
    ],
    ['sys', 'maxint', '$.maxsize', '3.0', 'print(sys.maxint > 0)'],
    [
      'string',
      'letters',
      '$.ascii_letters',
      '3.0',
      'print(string.letters[:3])'
    ],
    [
      'string',
      'lowercase',
      '$.ascii_lowercase',
      '3.0',
      'print(string.lowercase[:3])'
    ],
    [
      'string',
      'uppercase',
      '$.ascii_uppercase',
      '3.0',
      'print(string.uppercase[:3])'
    ],
    [
      'string',
      'maketrans',
      'str.maketrans',
      '3.0',
      "print('ab'.translate(string.maketrans('a', 'b')))"
    ],
    ['os', 'getcwdu', '$.getcwd', '3.0', 'print(len(os.getcwdu()) > 0)'],
    ['time', 'clock', '$.perf_counter', '3.8', 'print(time.clock() >= 0)'],
    [
      'base64',
      'encodestring',
      '$.encodebytes',
      '3.9',
      "print(base64.encodestring(b'a'))"
    ],
    [
      'base64',
      'decodestring',
      '$.decodebytes',
      '3.9',
      "print(base64.decodestring(b'YQ=='))"
    ],
    [
      'inspect',
      'getargspec',
      '$.getfullargspec',
      '3.11',
      'print(inspect.getargspec(lambda a: a).args)'
    ]
  ] as const
).map(([module, name, to, since, use]) => {
  const after = use.replace(`${module}.${name}`, to.replace('$', module));
  return aliasReplaced({
    id: `python.${module}-${name.replace(/_/g, '-')}`,
    distribution: 'python',
    since,
    summary: `\`${module}.${name}\` is \`${to.replace('$', module)}\` since Python ${since}.`,
    link: whatsNew(since),
    raises: attributeGone(name),
    module,
    name,
    to,
    examples: [
      {
        before: `import ${module}\n${use}`,
        after: `import ${module}\n${after}`
      }
    ]
  });
});

/** The standard library's renames and removals, Python 3.0 to 3.12. */
// Populations written as sequences: nothing to convert.
const SEQUENCES = new Set([
  'ArrayExpression',
  'TupleExpression',
  'ArrayComprehensionExpression',
  'String'
]);

export const stdlibRules: IRule[] = [
  ...renamedModules,
  ...renamedAttributes,
  defineRule(
    {
      id: 'python.collections-abc',
      needs: ['collections'],
      distribution: 'python',
      since: '3.10',
      summary:
        'The abstract base classes left `collections` for `collections.abc` in Python 3.10.',
      link: whatsNew('3.10'),
      raises: {
        ename: 'ImportError',
        message: /cannot import name '\w+' from 'collections'/
      },
      examples: [
        {
          before:
            'from collections import Mapping\nprint(isinstance({}, Mapping))',
          after:
            'from collections.abc import Mapping\nprint(isinstance({}, Mapping))'
        },
        {
          before:
            'from collections import Callable, Iterable\nprint(isinstance(len, Callable))',
          after:
            'from collections.abc import Callable, Iterable\nprint(isinstance(len, Callable))'
        }
      ]
    },
    context => {
      const matches: IRuleMatch[] = [];
      for (const { node, module, names } of importsOf(context)) {
        if (
          module?.name === 'collections' &&
          names.every(n => ABCS.includes(n.name))
        ) {
          matches.push(
            matchAt('python.collections-abc', node, [
              { from: module.from, to: module.to, insert: 'collections.abc' }
            ])
          );
        }
      }
      for (const member of context.nodes('MemberExpression')) {
        const dotted = dottedName(context, member);
        const resolved = dotted === null ? '' : resolve(context, dotted);
        const name = resolved.slice('collections.'.length);
        if (resolved.startsWith('collections.') && ABCS.includes(name)) {
          const prefix = dotted!.slice(0, dotted!.lastIndexOf('.'));
          matches.push(
            matchAt('python.collections-abc', member, [
              {
                from: member.from,
                to: member.to,
                insert: `${prefix}.abc.${name}`
              }
            ])
          );
        }
      }
      return matches;
    }
  ),
  methodRenamed({
    id: 'python.thread-isalive',
    distribution: 'python',
    since: '3.9',
    summary: '`Thread.isAlive()` was removed in Python 3.9: `is_alive()`.',
    link: whatsNew('3.9'),
    raises: attributeGone('isAlive'),
    attribute: 'isAlive',
    to: 'is_alive',
    examples: [
      {
        before:
          'import threading\nt = threading.Thread(target=print)\nprint(t.isAlive())',
        after:
          'import threading\nt = threading.Thread(target=print)\nprint(t.is_alive())'
      }
    ]
  }),
  keywordRemoved({
    id: 'python.json-encoding',
    distribution: 'python',
    since: '3.9',
    summary:
      '`json.loads(encoding=...)` was removed in Python 3.9; it had no effect since 3.1.',
    link: whatsNew('3.9'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'encoding'/
    },
    callees: ['loads', 'load'],
    module: 'json',
    keyword: 'encoding',
    examples: [
      {
        before: "import json\nprint(json.loads('[1]', encoding='utf-8'))",
        after: "import json\nprint(json.loads('[1]'))"
      }
    ]
  }),
  nameMoved({
    id: 'python.distutils-looseversion',
    distribution: 'python',
    since: '3.12',
    summary:
      '`distutils` is gone in Python 3.12: compare versions with `packaging.version.Version`.',
    link: whatsNew('3.12'),
    raises: moduleGone('distutils'),
    module: 'distutils.version',
    name: 'LooseVersion',
    to: 'packaging.version',
    toName: 'Version',
    examples: [
      {
        before:
          "from distutils.version import LooseVersion\nprint(LooseVersion('1.10') > LooseVersion('1.9'))",
        after:
          "from packaging.version import Version\nprint(Version('1.10') > Version('1.9'))"
      }
    ]
  }),
  defineRule(
    {
      id: 'python.random-sample-set',
      distribution: 'python',
      since: '3.11',
      summary:
        '`random.sample` of a set or dict keys was removed in Python 3.11: it sampled `tuple(population)`, which is passed now.',
      link: whatsNew('3.11'),
      raises: { ename: 'TypeError', message: /Population must be a sequence/ },
      examples: [
        {
          setup: 'import random\nrandom.seed(3)',
          before:
            "points = {(0, 0), (1, 2), (3, 1), (2, 2)}\nprint(len(random.sample(points, 2)), len(random.sample({'a': 1, 'b': 2}.keys(), 1)))",
          after:
            "points = {(0, 0), (1, 2), (3, 1), (2, 2)}\nprint(len(random.sample(tuple(points), 2)), len(random.sample(tuple({'a': 1, 'b': 2}.keys()), 1)))"
        }
      ]
    },
    // Every sequence samples as its tuple does, so no population needs asking about.
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const [population] = argsOf(context, call);
        if (
          !callsTo(context, call, ['random.sample']) ||
          !population ||
          population.name ||
          population.star ||
          SEQUENCES.has(population.value.name) ||
          (population.value.name === 'CallExpression' &&
            ['list', 'tuple', 'sorted', 'range'].includes(
              calleeOf(context, population.value)?.name ?? ''
            ))
        ) {
          return [];
        }
        const value = population.value;
        return [
          matchAt('python.random-sample-set', call, [
            { from: value.from, to: value.from, insert: 'tuple(' },
            { from: value.to, to: value.to, insert: ')' }
          ])
        ];
      }),
    ['sample']
  )
];
