import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule } from './builders';
import { importsOf } from './builders-imports';
import { otherCells } from './engine';
import {
  argsOf,
  calleeOf,
  commentedOut,
  dottedName,
  indentAt,
  resolve,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

/** Where the widgets came from, then and now. */
const MODULES = ['ipywidgets', 'IPython.html.widgets', 'IPython.html'];
const INTERACT = ['interact', 'interact_manual'];
/** Asked before rewriting: a notebook with the widgets installed keeps its controls. */
export const WIDGETS_INSTALLED =
  "__import__('importlib.util').util.find_spec('ipywidgets') is not None";
const NOTE =
  'ipywidgets is not installed: the function runs once with the controls’ initial values (or install ipywidgets to keep the controls).';

/**
 * Interactive controls without ipywidgets: each `interact(f, a=(0, 10))` becomes the call
 * the control would make first, `f(a=5)`, and the widget imports are commented out where
 * no cell uses what they bind but in those calls.
 */
export const widgetRules: IRule[] = [
  defineRule(
    {
      id: 'ipython.interact-without-widgets',
      needs: ['widgets', 'interact'],
      // The kernel's Python: a notebook need not import IPython to use its widgets.
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'ipywidgets is not installed: an interactive control calls its function once with the control’s initial values.',
      link: 'https://ipywidgets.readthedocs.io/en/stable/examples/Using%20Interact.html',
      raises: {
        ename: ['ModuleNotFoundError', 'NameError'],
        message:
          /No module named '(ipywidgets|IPython\.html)|name 'interact' is not defined/
      },
      examples: [
        {
          before:
            'from ipywidgets import interact\ndef show(n):\n    print(n * 2)\ninteract(show, n=(0, 10))',
          after:
            '# from ipywidgets import interact  (ipywidgets is not installed)\ndef show(n):\n    print(n * 2)\nshow(n=5)',
          answer: 'False'
        },
        {
          before:
            "from IPython.html.widgets import interact, fixed\n@interact(rate=(0.0, 1.0), label=['a', 'b'], data=fixed([1, 2]))\ndef plot(rate, label, data, scale=3):\n    print(rate, label, data, scale)",
          after:
            "# from IPython.html.widgets import interact, fixed  (ipywidgets is not installed)\ndef plot(rate, label, data, scale=3):\n    print(rate, label, data, scale)\nplot(rate=0.5, label='a', data=[1, 2])",
          answer: 'False'
        },
        {
          before:
            "from ipywidgets import interactive\ndef fit(degree=2):\n    print('degree', degree)\nw = interactive(fit, degree=(1, 9))\nw.children[-1].layout.height = '300px'\nw",
          after:
            "# from ipywidgets import interactive  (ipywidgets is not installed)\ndef fit(degree=2):\n    print('degree', degree)\nfit()\n# w.children[-1].layout.height = '300px'\n# w",
          answer: 'False'
        }
      ]
    },
    context => [...Private.imports(context), ...Private.rewrites(context)]
  )
];

namespace Private {
  const ID = 'ipython.interact-without-widgets';

  /** A match whose edits apply only when the kernel cannot import ipywidgets. */
  function unlessInstalled(
    node: { from: number; to: number },
    edits: ITextEdit[]
  ): IRuleMatch {
    return askedMatch(ID, node, WIDGETS_INSTALLED, edits, NOTE, 'False');
  }

  /** Whether a dotted name the notebook spells resolves into the widget modules. */
  function fromWidgets(context: IRuleContext, dotted: string | null): boolean {
    const target = dotted === null ? '' : resolve(context, dotted);
    return MODULES.some(module => target.startsWith(`${module}.`));
  }

  /** The rewrites of the controls: every match but the imports'. */
  export function rewrites(context: IRuleContext): IRuleMatch[] {
    return [
      ...calls(context),
      ...interactives(context),
      ...decorators(context)
    ];
  }

  /**
   * The widget imports, commented out (`pass` where a block would be left empty); an
   * import stays where a name it binds is used other than in a rewritten control (the
   * widget's `__version__` printed, a slider made for a helper), so no name is left unbound.
   */
  export function imports(context: IRuleContext): IRuleMatch[] {
    return importsOf(context).flatMap(({ node, module, names }) => {
      const modules = module ? [module.name] : names.map(n => n.name);
      if (!modules.some(name => MODULES.includes(name))) {
        return [];
      }
      // `from ipywidgets import *` binds names no one can list.
      const bound = names.map(n => n.alias ?? n.name.split('.')[0]);
      if (bound.length === 0 || !onlyInRewrites(context, bound)) {
        return [];
      }
      const text = textOf(context, node);
      const commented = `${commentedOut(text)}  (ipywidgets is not installed)`;
      const alone =
        node.parent?.name === 'Body' &&
        node.parent.getChildren('ImportStatement').length === 1 &&
        !node.prevSibling?.name.endsWith('Statement') &&
        !node.nextSibling?.name.endsWith('Statement');
      const insert = alone
        ? `pass\n${indentAt(context.source, node.from)}${commented}`
        : commented;
      return [
        unlessInstalled(node, [{ from: node.from, to: node.to, insert }])
      ];
    });
  }

  /** Whether the names are used, in every cell, only in code the control rewrites replace. */
  function onlyInRewrites(
    context: IRuleContext,
    names: readonly string[]
  ): boolean {
    return [context, ...otherCells(context)].every(source => {
      const edits = rewrites(source).flatMap(
        match => match.question?.decide('False') ?? []
      );
      const kept = edits.map(edit => uncommented(edit.insert));
      return source.nodes('VariableName').every(node => {
        const name = textOf(source, node);
        return (
          !names.includes(name) ||
          node.parent?.name === 'ImportStatement' ||
          (edits.some(e => e.from <= node.from && node.to <= e.to) &&
            !kept.some(text => new RegExp(`\\b${name}\\b`).test(text)))
        );
      });
    });
  }

  /** The lines of inserted text that run (not those commented out). */
  function uncommented(text: string): string {
    return text
      .split('\n')
      .filter(line => !line.trimStart().startsWith('#'))
      .join('\n');
  }

  /** `interact(f, a=...)` as a statement of its own or returned → `f(a=...)`. */
  export function calls(context: IRuleContext): IRuleMatch[] {
    return context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      if (
        !callee ||
        !INTERACT.includes(callee.name) ||
        !fromWidgets(context, dottedName(context, callee.node)) ||
        // A statement of its own, or what a helper returns (`return interact(f, ...)`).
        !['ExpressionStatement', 'ReturnStatement'].includes(
          call.parent?.name ?? ''
        )
      ) {
        return [];
      }
      const made = callOf(context, call);
      return made === null
        ? []
        : [
            unlessInstalled(call, [
              { from: call.from, to: call.to, insert: made }
            ])
          ];
    });
  }

  /**
   * `w = interactive(f, a=...)` at the top of the source → `f(a=...)`; the statements
   * below that use the widget (`w.children[-1]`, a name made from it, `w` shown) are
   * commented out: without ipywidgets there is no widget to lay out or show.
   */
  export function interactives(context: IRuleContext): IRuleMatch[] {
    return context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const statement = call.parent;
      const target = statement?.firstChild;
      const assigned =
        statement?.name === 'AssignStatement' &&
        target?.name === 'VariableName' &&
        target.nextSibling?.name === 'AssignOp' &&
        statement.lastChild?.from === call.from;
      if (
        !callee ||
        callee.name !== 'interactive' ||
        !fromWidgets(context, dottedName(context, callee.node)) ||
        statement?.parent?.name !== 'Script' ||
        !(assigned || statement.name === 'ExpressionStatement')
      ) {
        return [];
      }
      const made = callOf(context, call);
      if (made === null) {
        return [];
      }
      const edits: ITextEdit[] = [
        { from: statement.from, to: statement.to, insert: made }
      ];
      if (assigned) {
        const { uses, tainted } = widgetUses(
          context,
          statement,
          textOf(context, target)
        );
        // A widget another cell lays out or shows would be left unbound there.
        const elsewhere = otherCells(context).some(other =>
          other.nodes('VariableName').some(n => tainted.has(textOf(other, n)))
        );
        if (elsewhere) {
          return [];
        }
        edits.push(...uses);
      }
      return [unlessInstalled(call, edits)];
    });
  }

  /** The first call a control over `f` makes, as source; null when it cannot be read. */
  function callOf(context: IRuleContext, call: SyntaxNode): string | null {
    const [target, ...rest] = argsOf(context, call);
    if (!target || target.name || target.star) {
      return null;
    }
    const func = textOf(context, target.value);
    const name = target.value.name === 'VariableName' ? func : null;
    const values = initialValues(context, rest, paramsOf(context, name));
    if (values === null) {
      return null;
    }
    const callable =
      target.value.name === 'LambdaExpression' ? `(${func})` : func;
    return `${callable}(${values})`;
  }

  /**
   * Top-level statements after `from` that use the widget or a name made from it,
   * commented out, and those names.
   */
  function widgetUses(
    context: IRuleContext,
    from: SyntaxNode,
    widget: string
  ): { uses: ITextEdit[]; tainted: Set<string> } {
    const tainted = new Set([widget]);
    const edits: ITextEdit[] = [];
    for (let s = from.nextSibling; s; s = s.nextSibling) {
      const names = context
        .nodes('VariableName')
        .filter(n => n.from >= s!.from && n.to <= s!.to)
        .map(n => textOf(context, n));
      if (!names.some(name => tainted.has(name))) {
        continue;
      }
      const target = s.firstChild;
      if (s.name === 'AssignStatement' && target?.name === 'VariableName') {
        tainted.add(textOf(context, target));
      }
      const text = textOf(context, s);
      edits.push({
        from: s.from,
        to: s.to,
        insert: commentedOut(text)
      });
    }
    return { uses: edits, tainted };
  }

  /** `@interact(a=...)` above `def f(a)`: the decorator goes and `f(a=...)` follows the def. */
  export function decorators(context: IRuleContext): IRuleMatch[] {
    return context.nodes('Decorator').flatMap(decorator => {
      const statement = decorator.parent!;
      const definition = statement.getChild('FunctionDefinition');
      const name = definition?.getChild('VariableName');
      const head = decorator.getChild('VariableName');
      const list = decorator.getChild('ArgList');
      const spelled = head
        ? context.source.slice(head.from, list?.from ?? decorator.to).trim()
        : '';
      const last = spelled.split('.').pop() ?? '';
      if (
        !definition ||
        !name ||
        !INTERACT.includes(last) ||
        !fromWidgets(context, spelled) ||
        statement.getChildren('Decorator').length > 1
      ) {
        return [];
      }
      const func = textOf(context, name);
      // A decorator's ArgList is read as a call's.
      const args = list ? argsOf(context, decorator) : [];
      const values = initialValues(context, args, paramsOf(context, func));
      if (values === null) {
        return [];
      }
      const indent = indentAt(context.source, statement.from);
      const end = definition.to;
      const newline = context.source[end - 1] === '\n' ? '' : '\n';
      return [
        unlessInstalled(decorator, [
          { from: decorator.from, to: definition.from, insert: '' },
          {
            from: end,
            to: end,
            insert: `${newline}${indent}${func}(${values})${newline ? '' : '\n'}`
          }
        ])
      ];
    });
  }

  /** The parameters of `def name(...)` in the source, and which of them have defaults. */
  interface IParams {
    defaults: Set<string>;
    /** Every parameter a keyword can name; null when unknown or `**kwargs` takes any. */
    named: Set<string> | null;
  }

  function paramsOf(context: IRuleContext, name: string | null): IParams {
    const defaults = new Set<string>();
    const definition = context.nodes('FunctionDefinition').find(d => {
      const own = d.getChild('VariableName');
      return own !== null && textOf(context, own) === name;
    });
    const params = definition?.getChild('ParamList');
    let named: Set<string> | null = params ? new Set() : null;
    let star = '';
    for (let child = params?.firstChild; child; child = child.nextSibling) {
      if (child.name === 'VariableName') {
        const param = textOf(context, child);
        if (star === '**') {
          named = null;
        } else if (star !== '*' || child.prevSibling?.name !== '*') {
          named?.add(param);
        }
        if (child.nextSibling?.name === 'AssignOp') {
          defaults.add(param);
        }
      } else if (child.name === '*' || child.name === '**') {
        star = child.name;
      }
    }
    return { defaults, named };
  }

  /**
   * The keyword arguments of the first call the controls make, as source: `a=5, b='x'`;
   * a parameter whose function gives a default keeps it (the control starts there too).
   * Null when a control's initial value cannot be read from the source.
   */
  function initialValues(
    context: IRuleContext,
    args: IArgument[],
    { defaults, named }: IParams
  ): string | null {
    const values: string[] = [];
    for (const arg of args) {
      if (!arg.name) {
        return null;
      }
      // A control for no parameter of the function was never made (nor passed).
      if (
        (defaults.has(arg.name) && !isFixed(context, arg.value)) ||
        (named && !named.has(arg.name))
      ) {
        continue;
      }
      const value = initialValue(context, arg.value);
      if (value === null) {
        return null;
      }
      values.push(`${arg.name}=${value}`);
    }
    return values.join(', ');
  }

  function isFixed(context: IRuleContext, node: SyntaxNode): boolean {
    return (
      node.name === 'CallExpression' &&
      calleeOf(context, node)?.name === 'fixed'
    );
  }

  /** What a control made from an abbreviation starts at, as ipywidgets makes it. */
  export function initialValue(
    context: IRuleContext,
    node: SyntaxNode
  ): string | null {
    const text = textOf(context, node);
    switch (node.name) {
      case 'Number':
      case 'String':
      case 'Boolean':
        return text;
      case 'UnaryExpression':
        return /^-\s*[\d.]+$/.test(text) ? text : null;
      case 'TupleExpression':
        return rangeMiddle(context, node) ?? firstItem(context, node);
      case 'ArrayExpression':
        return firstItem(context, node);
      case 'DictionaryExpression': {
        // A dict gives a dropdown of its keys whose value is the first key's value.
        const colon = node.getChild(':');
        const value = colon?.nextSibling;
        return value ? textOf(context, value) : null;
      }
      case 'CallExpression':
        return controlValue(context, node);
    }
    return null;
  }

  /** `(min, max[, step])` of numbers: the slider's middle, on a step. */
  function rangeMiddle(context: IRuleContext, node: SyntaxNode): string | null {
    const items = elements(node).map(item => textOf(context, item));
    if (
      items.length < 2 ||
      items.length > 3 ||
      !items.every(item => /^-?\s*\d+(\.\d*)?([eE][-+]?\d+)?$/.test(item))
    ) {
      return null;
    }
    const float = items.some(item => /[.eE]/.test(item));
    const [min, max, step] = items.map(item => Number(item.replace(/\s/g, '')));
    const diff = max - min;
    let value = float ? min + diff / 2 : min + Math.floor(diff / 2);
    if (step) {
      value = min + Math.trunc((value - min) / step) * step;
    }
    return float && Number.isInteger(value) ? `${value}.0` : `${value}`;
  }

  /** A list or tuple of choices: the dropdown starts at the first. */
  function firstItem(context: IRuleContext, node: SyntaxNode): string | null {
    const first = elements(node)[0];
    return first ? textOf(context, first) : null;
  }

  /** The items of a list or tuple literal. */
  function elements(node: SyntaxNode): SyntaxNode[] {
    const items: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!['(', ')', '[', ']', ','].includes(child.name)) {
        items.push(child);
      }
    }
    return items;
  }

  /** `fixed(v)` is `v`; a widget made in place starts at its `value=`, or a slider at its `min=`. */
  function controlValue(
    context: IRuleContext,
    call: SyntaxNode
  ): string | null {
    const name = calleeOf(context, call)?.name ?? '';
    const args = argsOf(context, call);
    const keyword = (key: string) => {
      const arg = args.find(a => a.name === key);
      return arg ? context.source.slice(arg.valueFrom, arg.valueTo) : null;
    };
    if (name === 'fixed') {
      return args.length === 1 && !args[0].name
        ? context.source.slice(args[0].valueFrom, args[0].valueTo)
        : null;
    }
    const value = keyword('value');
    if (value !== null) {
      return value;
    }
    if (/Slider$/.test(name)) {
      return keyword('min') ?? (name.startsWith('Float') ? '0.0' : '0');
    }
    const options = args.find(a => a.name === 'options');
    if (
      /^(Dropdown|RadioButtons|Select|ToggleButtons)$/.test(name) &&
      options
    ) {
      return ['ArrayExpression', 'TupleExpression'].includes(options.value.name)
        ? firstItem(context, options.value)
        : null;
    }
    if (name === 'Checkbox' || name === 'ToggleButton') {
      return 'False';
    }
    return name === 'Text' || name === 'Textarea' ? "''" : null;
  }
}
