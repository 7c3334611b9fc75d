import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { seabornRules } from '../../../../src/core/rules/seaborn';
import { testExamples, TODAY } from './helpers';

testExamples(seabornRules);

describe('seaborn x and y by position', () => {
  const rule = seabornRules.find(r => r.id === 'seaborn.positional-xy')!;
  const imports = new Map([['sns', 'seaborn']]);
  const rewrite = (source: string) =>
    proposeRewrite(
      source,
      scanSource(source, [rule], { versions: TODAY, imports })
    )?.source ?? source;

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
