// The unsafe-code check on a streamed proposal for a 500-line cell, as the inline diff runs it
// on every chunk: `npx tsx test/unit/core/review/unsafe-check-speed.bench.ts`.
import { parser } from '@lezer/python';
import { unsafeReasons } from '../../../../src/core/review/safety';

// Lines like an old notebook's long cell: imports, data work, a model, plots, helpers.
const LINES = [
  'import os',
  'import numpy as np',
  'import pandas as pd',
  "df = pd.read_csv(os.path.join('data', 'train.csv'))",
  "df['age'] = df['age'].fillna(df['age'].median())",
  'for name, group in df.groupby("sex"):',
  "    print(name, group['survived'].mean())",
  'def features(frame):',
  '    out = frame.copy()',
  "    out['family'] = out['sibsp'] + out['parch'] + 1",
  '    return out',
  'model = RandomForestClassifier(max_depth=5).fit(X, y)',
  "plt.hist(df['fare'], bins=30, density=True)",
  "plt.savefig('fare.png')",
  'if False:',
  "    df.to_csv('debug.csv')",
  'result = df.ix[0:5]',
  'scores = [model.score(X, y) for _ in range(3)]',
  'print(np.mean(scores))',
  ''
];
const before = Array.from(
  { length: 500 },
  (_, i) => LINES[i % LINES.length]
).join('\n');
// The proposal rewrites every `.ix` and adds a few lines, one of them unsafe.
const after =
  before.replaceAll('df.ix[', 'df.iloc[') +
  "\nimport shutil\nshutil.rmtree('build')\n";

// The stream: the proposal's text growing 8 characters at a time, as the stub sends it;
// every 40th chunk is measured (about 200 calls).
const chunks: string[] = [];
for (let end = 8; end < after.length; end += 8 * 40) {
  chunks.push(after.slice(0, end));
}
chunks.push(after);

unsafeReasons(before, after); // warm-up
const runs = 3;
const start = performance.now();
let reasons: string[] = [];
for (let run = 0; run < runs; run++) {
  for (const chunk of chunks) {
    reasons = unsafeReasons(before, chunk);
  }
}
const perChunk = (performance.now() - start) / runs / chunks.length;

const wholeStart = performance.now();
for (let run = 0; run < 20; run++) {
  unsafeReasons(before, after);
}
const whole = (performance.now() - wholeStart) / 20;

const parseStart = performance.now();
for (let run = 0; run < 20; run++) {
  parser.parse(after);
}
const parse = (performance.now() - parseStart) / 20;

console.log(
  `500-line cell (${after.length} characters), ${chunks.length} streamed chunks: ` +
    `${perChunk.toFixed(2)} ms per chunk on average, ${whole.toFixed(2)} ms for the whole ` +
    `proposal (parsing alone ${parse.toFixed(2)} ms); flags: ${reasons.join(', ')}`
);
