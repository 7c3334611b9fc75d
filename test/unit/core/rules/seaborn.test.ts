import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { seabornRules } from '../../../../src/core/rules/seaborn';
import { testExamples, TODAY } from './helpers';

testExamples(seabornRules);

/** A seaborn rule's rewrite of a source that imports seaborn as sns. */
function rewriter(id: string): (source: string) => string {
  const rule = seabornRules.find(r => r.id === id)!;
  const imports = new Map([['sns', 'seaborn']]);
  return source =>
    proposeRewrite(
      source,
      scanSource(source, [rule], { versions: TODAY, imports })
    )?.source ?? source;
}

describe('seaborn x and y by position', () => {
  const rewrite = rewriter('seaborn.positional-xy');

  it('names two positional arguments x and y, with or without data', () => {
    assert.equal(rewrite('sns.lineplot(xs, ys)'), 'sns.lineplot(x=xs, y=ys)');
    assert.equal(
      rewrite("sns.regplot(xs, ys, color='k')"),
      "sns.regplot(x=xs, y=ys, color='k')"
    );
    assert.equal(
      rewrite("sns.boxplot('g', data=df)"),
      "sns.boxplot(x='g', data=df)"
    );
  });

  it("leaves one positional argument without data alone: it is today's data", () => {
    for (const source of [
      'sns.lineplot(df)',
      'sns.kdeplot(values)',
      'sns.lineplot(x=xs, y=ys)',
      'plt.plot(xs, ys)',
      'sns.lineplot(xs, ys, hue)'
    ]) {
      assert.equal(rewrite(source), source, source);
    }
  });
});

describe('seaborn vectors with data', () => {
  const rewrite = rewriter('seaborn.vectors-with-data');

  it('drops the data a plot of vectors ignored', () => {
    assert.equal(
      rewrite('sns.countplot(x=answer_seven(), data=answer_one())'),
      'sns.countplot(x=answer_seven())'
    );
    assert.equal(
      rewrite('sns.scatterplot(x=xs, y=ys, hue=labels, data=df, s=5)'),
      'sns.scatterplot(x=xs, y=ys, hue=labels, s=5)'
    );
  });

  it('keeps data where a variable names a column, or an argument is positional', () => {
    for (const source of [
      "sns.barplot(x='g', y=values, data=df)",
      'sns.countplot(x=xs, hue=f"{col}", data=df)',
      'sns.lineplot(xs, y=ys, data=df)',
      'sns.countplot(data=df)',
      'other.countplot(x=xs, data=df)'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});

describe("pointplot's unused keywords", () => {
  const rewrite = rewriter('seaborn.pointplot-unused-keywords');

  it('go, and its own parameters stay', () => {
    assert.equal(
      rewrite(
        "sns.pointplot(x='variable', y='value', hue='os', data=df_melted, axis=ax, linewidth=2)"
      ),
      "sns.pointplot(x='variable', y='value', hue='os', data=df_melted)"
    );
  });

  it('are left on other plots, and where a dict gives them', () => {
    for (const source of [
      "sns.pointplot(x='a', y='b', data=df, ax=ax, errorbar=None)",
      "sns.barplot(x='a', y='b', data=df, alpha=0.5)",
      "sns.pointplot(x='a', y='b', data=df, **style)"
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});
