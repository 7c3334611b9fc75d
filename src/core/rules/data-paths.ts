import { defineRule, matchAt } from './builders';
import {
  argsOf,
  calleeOf,
  indentAt,
  spellModule,
  statementOf,
  stringValue,
  textOf
} from './syntax';
import { copyOf, READERS } from './data-copies';
import type { IRule, IRuleContext } from './types';

const WRITERS = [
  'to_csv',
  'to_excel',
  'to_json',
  'to_parquet',
  'to_pickle',
  'savefig',
  'imsave',
  'save',
  'savetxt',
  'dump'
];

// Writers whose path is not their first argument: `joblib.dump(model, 'model.pkl')`.
const PATH_POSITION: Record<string, number> = { dump: 1 };

/** The path argument of a call and its node, when it is a plain string literal. */
function pathArgument(
  context: IRuleContext,
  call: Parameters<typeof argsOf>[1]
) {
  const args = argsOf(context, call);
  const position = PATH_POSITION[calleeOf(context, call)?.name ?? ''] ?? 0;
  const arg =
    args.filter(a => !a.name && !a.star)[position] ??
    args.find(
      a =>
        a.name === 'fname' || a.name === 'path_or_buf' || a.name === 'filename'
    );
  if (!arg || arg.value.name !== 'String') {
    return null;
  }
  const value = stringValue(textOf(context, arg.value));
  return value === null ? null : { node: arg.value, value };
}

/**
 * `DATA_URL = 'http://…'` earlier in the same source, when the reader's path is that name:
 * the literal to rewrite is the assignment's.
 */
function urlVariable(
  context: IRuleContext,
  call: Parameters<typeof argsOf>[1]
) {
  const arg = argsOf(context, call).find(a => !a.name && !a.star);
  if (arg?.value.name !== 'VariableName') {
    return null;
  }
  const name = textOf(context, arg.value);
  const assigned = context
    .nodes('AssignStatement')
    .filter(assign => assign.to <= call.from)
    .map(assign => ({ target: assign.firstChild, value: assign.lastChild }))
    .filter(
      ({ target, value }) =>
        target?.name === 'VariableName' &&
        textOf(context, target) === name &&
        value?.name === 'String'
    )
    .pop();
  const value = assigned && stringValue(textOf(context, assigned.value!));
  return value ? { node: assigned.value!, value } : null;
}

/** Data files read from a URL that no longer answers, and outputs written into missing folders. */
export const dataPathRules: IRule[] = [
  defineRule(
    {
      id: 'data.local-copy',
      needs: ['://'],
      distribution: 'python',
      since: '3.0',
      summary:
        'The notebook reads a file from a URL, and a copy with the same name is in its repository: read the copy.',
      link: 'https://docs.python.org/3/library/urllib.error.html',
      raises: { ename: 'URLError', message: /./ },
      examples: [
        {
          setup:
            "import pandas as pd\nwith open('iris.csv', 'w') as f:\n    f.write('a,b\\n1,2\\n')",
          before:
            "print(pd.read_csv('http://example.invalid/data/iris.csv').shape)",
          after: "print(pd.read_csv('iris.csv').shape)",
          files: ['iris.csv', 'notebook.ipynb']
        },
        {
          setup:
            "import pandas as pd\nwith open('iris.csv', 'w') as f:\n    f.write('a,b\\n1,2\\n')",
          before:
            "URL = 'http://example.invalid/data/iris.csv'\nprint(pd.read_csv(URL).shape)",
          after: "URL = 'iris.csv'\nprint(pd.read_csv(URL).shape)",
          files: ['iris.csv', 'notebook.ipynb']
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const path =
          callee && READERS.includes(callee.name)
            ? (pathArgument(context, call) ?? urlVariable(context, call))
            : null;
        const copy =
          path && /^(https?|ftp):\/\//.test(path.value)
            ? copyOf(context.files, path.value)
            : null;
        if (!path || !copy) {
          return [];
        }
        const literal = textOf(context, path.node);
        const quote = literal[literal.length - 1];
        return [
          matchAt(
            'data.local-copy',
            path.node,
            [
              {
                from: path.node.from,
                to: path.node.to,
                insert: `${quote}${copy}${quote}`
              }
            ],
            `A copy is in the repository: ${copy}`
          )
        ];
      })
  ),
  defineRule(
    {
      id: 'data.missing-output-folder',
      needs: ['/'],
      distribution: 'python',
      since: '3.0',
      summary:
        'The notebook writes into a folder that is not beside it (it existed on the author’s machine): create it first.',
      link: 'https://docs.python.org/3/library/os.html#os.makedirs',
      raises: {
        ename: ['OSError', 'FileNotFoundError'],
        message: /non-existent directory|No such file or directory/
      },
      examples: [
        {
          setup: "import pandas as pd\ndf = pd.DataFrame({'a': [1]})",
          before:
            "df.to_csv('output/result.csv')\nprint(open('output/result.csv').read())",
          after:
            "import os\nos.makedirs('output', exist_ok=True)\ndf.to_csv('output/result.csv')\nprint(open('output/result.csv').read())",
          files: ['notebook.ipynb', 'data/train.csv']
        },
        {
          setup: 'import joblib',
          before:
            "joblib.dump({'a': 1}, 'models/model.pkl')\nprint(joblib.load('models/model.pkl'))",
          after:
            "import os\nos.makedirs('models', exist_ok=True)\njoblib.dump({'a': 1}, 'models/model.pkl')\nprint(joblib.load('models/model.pkl'))",
          files: ['notebook.ipynb']
        }
      ]
    },
    context => {
      // Without a listing of the notebook's folder nothing can be said to be missing.
      if (context.files.size === 0) {
        return [];
      }
      return context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const path =
          callee && WRITERS.includes(callee.name)
            ? pathArgument(context, call)
            : null;
        const folder = path?.value.includes('/')
          ? path.value.slice(0, path.value.lastIndexOf('/'))
          : '';
        const exists = [...context.files].some(
          file => file === folder || file.startsWith(`${folder}/`)
        );
        const made = new RegExp(
          `makedirs\\(\\s*['"]${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?['"]`
        ).test(context.source);
        if (
          !path ||
          !folder ||
          folder.startsWith('/') ||
          /^\w+:/.test(folder) ||
          exists ||
          made
        ) {
          return [];
        }
        const statement = statementOf(call);
        const os = spellModule(context, 'os', 'os');
        const indent = indentAt(context.source, statement.from);
        return [
          matchAt(
            'data.missing-output-folder',
            path.node,
            [
              ...os.edits,
              {
                from: statement.from,
                to: statement.from,
                insert: `${os.name}.makedirs('${folder}', exist_ok=True)\n${indent}`
              }
            ],
            `The folder ${folder}/ is not beside the notebook.`
          )
        ];
      });
    }
  )
];
