import { defineRule, matchAt } from './builders';
import { importsOf } from './builders-imports';
import { dottedName, resolve, textOf } from './syntax';
import { IRIS } from './sklearn-info';
import { sklearnNotes } from './sklearn-modules';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const TO = 'sklearn.discriminant_analysis';

/**
 * `sklearn.lda.LDA` and `sklearn.qda.QDA`, removed in 0.19: the same estimators are
 * `sklearn.discriminant_analysis`'s, under their long names. The import binds the long
 * name under the old one (`... import LinearDiscriminantAnalysis as LDA`), so every cell's
 * `LDA(...)` keeps working; a module import keeps its name and its uses get the long one.
 */
function discriminantMoved(
  module: string,
  name: string,
  toName: string,
  note?: string
): IRule {
  const last = module.split('.')[1];
  const id = `sklearn.${last}-module`;
  const old = `${module}.${name}`;
  return defineRule(
    {
      id,
      distribution: 'scikit-learn',
      since: '0.19',
      summary: `\`${old}\` was removed in scikit-learn 0.19: it is \`${TO}.${toName}\`.`,
      link: sklearnNotes('0.19'),
      raises: {
        ename: ['ModuleNotFoundError', 'ImportError'],
        message: new RegExp(
          `No module named '${module}'|cannot import name '${last}' from 'sklearn'`
        )
      },
      targets: [`${TO}.${toName}`],
      examples: [
        {
          setup: IRIS,
          before: `from ${module} import ${name}\nprint(${name}().fit(X, y).score(X, y) > 0.9)`,
          after: `from ${TO} import ${toName} as ${name}\nprint(${name}().fit(X, y).score(X, y) > 0.9)`
        },
        {
          setup: IRIS,
          before: `from sklearn import ${last}\nprint(${last}.${name}().fit(X, y).score(X, y) > 0.9)`,
          after: `from sklearn import discriminant_analysis as ${last}\nprint(${last}.${toName}().fit(X, y).score(X, y) > 0.9)`
        }
      ]
    },
    context => [
      ...Private.imports(context, id, module, name, toName).map(match => ({
        ...match,
        note
      })),
      ...Private.uses(context, id, old, toName)
    ],
    [last, name]
  );
}

/** The discriminant analysis modules scikit-learn removed in 0.19. */
export const sklearnDiscriminantRules: IRule[] = [
  discriminantMoved(
    'sklearn.lda',
    'LDA',
    'LinearDiscriminantAnalysis',
    'An n_components above the number of classes less one was cut down to it; today it raises a ValueError.'
  ),
  discriminantMoved('sklearn.qda', 'QDA', 'QuadraticDiscriminantAnalysis')
];

namespace Private {
  /**
   * The imports of the old module: `from sklearn.lda import LDA [as x]` binds the new class
   * under the same name; `import sklearn.lda [as m]` and `from sklearn import lda [as m]`
   * bind the new module (uses are renamed by `uses`). A name the module never had, or a
   * star import, is only pointed at.
   */
  export function imports(
    context: IRuleContext,
    id: string,
    module: string,
    name: string,
    toName: string
  ): IRuleMatch[] {
    const last = module.split('.')[1];
    return importsOf(context).flatMap(({ node, module: from, names }) => {
      if (from?.name === module) {
        const known = names.length > 0 && names.every(n => n.name === name);
        const edits = known
          ? [
              { from: from.from, to: from.to, insert: TO },
              ...names.map(n => ({
                from: n.from,
                to: n.end,
                insert: `${toName} as ${n.alias ?? name}`
              }))
            ]
          : [];
        return [matchAt(id, node, edits)];
      }
      if (from?.name === 'sklearn') {
        const imported = names.find(n => n.name === last);
        if (!imported) {
          return [];
        }
        const edits =
          names.length === 1
            ? [
                {
                  from: imported.from,
                  to: imported.end,
                  insert: `discriminant_analysis as ${imported.alias ?? last}`
                }
              ]
            : [];
        return [matchAt(id, node, edits)];
      }
      return names
        .filter(n => !from && n.name === module)
        .map(n => matchAt(id, node, [{ from: n.from, to: n.to, insert: TO }]));
    });
  }

  /**
   * Dotted uses of the old class: `sklearn.lda.LDA` becomes the new dotted name, and
   * `lda.LDA` (a module imported under a name of its own) keeps its head.
   */
  export function uses(
    context: IRuleContext,
    id: string,
    old: string,
    toName: string
  ): IRuleMatch[] {
    return context.nodes('MemberExpression').flatMap(member => {
      const dotted = dottedName(context, member);
      if (dotted === old) {
        return [
          matchAt(id, member, [
            { from: member.from, to: member.to, insert: `${TO}.${toName}` }
          ])
        ];
      }
      const written = context.evidence.imports;
      const property = member.lastChild!;
      const bound =
        dotted !== null &&
        (resolve(context, dotted) === old ||
          (written !== undefined &&
            resolve({ ...context, imports: written }, dotted) === old));
      return bound && textOf(context, property) === old.split('.').pop()
        ? [
            matchAt(id, member, [
              { from: property.from, to: property.to, insert: toName }
            ])
          ]
        : [];
    });
  }
}
