import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../../src/cli/args';
import {
  scoresCommand,
  type IScoresJson
} from '../../../src/cli/scores-command';

const dir = mkdtempSync(join(tmpdir(), 'scores-command-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A notebook whose code cells printed `printed` on stdout (nbformat 4.4: no cell ids). */
function notebook(name: string, cells: [string, string][]): string {
  const path = join(dir, name);
  const json = {
    nbformat: 4,
    nbformat_minor: 4,
    metadata: { kernelspec: { name: 'python3', language: 'python' } },
    cells: cells.map(([source, printed]) => ({
      cell_type: 'code',
      execution_count: 1,
      metadata: {},
      source,
      outputs: printed
        ? [{ output_type: 'stream', name: 'stdout', text: printed }]
        : []
    }))
  };
  writeFileSync(path, JSON.stringify(json));
  return path;
}

/** Runs the command; resolves to its exit code and what it wrote. */
async function scores(argv: string[]) {
  const command = parseCommandLine(['scores', ...argv]);
  assert.equal(command.kind, 'scores');
  let stdout = '';
  let stderr = '';
  const code = await scoresCommand(command.options, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }
  });
  return { code, stdout, stderr };
}

const FIT =
  'clf.fit(X_train, y_train)\n' +
  'print("Test accuracy: %.4f" % accuracy_score(y_test, clf.predict(X_test)))\n' +
  'print("Coefficients:", clf.coef_)';

describe('scores command', () => {
  const original = notebook('original.ipynb', [
    ['import numpy as np', ''],
    [FIT, 'Test accuracy: 0.8123\nCoefficients: [[ 0.41 -1.2 ]]\n']
  ]);

  it('prints the saved scores as JSON, and not the model internals beside them', async () => {
    const { code, stdout } = await scores([original, '--json', '-']);
    assert.equal(code, 0);
    const json = JSON.parse(stdout) as IScoresJson;
    assert.deepEqual(
      json.scores.map(s => [s.cellIndex, s.metric, s.value, s.label]),
      [[1, 'accuracy', 0.8123, 'Test accuracy']]
    );
    assert.equal(json.comparison, undefined);
  });

  it('compares a run within tolerance, paired by position when cells have no ids', async () => {
    const now = notebook('now.ipynb', [
      ['import numpy as np', ''],
      [FIT, 'Test accuracy: 0.7800\nCoefficients: [[ 9.9 9.9 ]]\n']
    ]);
    const { code, stdout } = await scores([original, now, '--json', '-']);
    assert.equal(code, 0);
    const { comparison } = JSON.parse(stdout) as IScoresJson;
    assert.equal(comparison?.allWithin, true);
    assert.equal(comparison?.rows.length, 1);
    assert.equal(comparison?.rows[0].now, 0.78);
    assert.ok(Math.abs(comparison!.rows[0].deviation! + 0.0398) < 1e-3);
  });

  it('exits 1 and names the score when it moved past the tolerance', async () => {
    const now = notebook('off.ipynb', [
      ['import numpy as np', ''],
      [FIT, 'Test accuracy: 0.7000\n']
    ]);
    const json = join(dir, 'off.json');
    const { code, stdout } = await scores([
      original,
      now,
      '--tolerance',
      '0.05',
      '--json',
      json
    ]);
    assert.equal(code, 1);
    assert.match(
      stdout,
      /cell 2 {2}accuracy {2}0\.8123 -> 0\.7 \(-13\.8%\) {2}OUT of tolerance/
    );
    assert.match(stdout, /Scores out of tolerance \(5%\)/);
    const written = JSON.parse(readFileSync(json, 'utf8')) as IScoresJson;
    assert.equal(written.comparison?.rows[0].withinTolerance, false);
  });

  it('counts a score that is no longer printed as out of tolerance', async () => {
    const now = notebook('missing.ipynb', [
      ['import numpy as np', ''],
      [FIT, '']
    ]);
    const { code, stdout } = await scores([original, now]);
    assert.equal(code, 1);
    assert.match(stdout, /0\.8123 -> missing/);
  });

  it('says which file it cannot read, and exits 2', async () => {
    const { code, stderr } = await scores([join(dir, 'absent.ipynb')]);
    assert.equal(code, 2);
    assert.match(stderr, /absent\.ipynb: no such file/);
    const broken = join(dir, 'broken.ipynb');
    writeFileSync(broken, '{ not json');
    const bad = await scores([original, broken]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /broken\.ipynb: The file is not valid JSON/);
  });

  it('refuses a third notebook and a bad tolerance on the command line', () => {
    assert.throws(
      () => parseCommandLine(['scores', 'a.ipynb', 'b.ipynb', 'c.ipynb']),
      UsageError
    );
    assert.throws(
      () => parseCommandLine(['scores', 'a.ipynb', '--tolerance', 'x']),
      /--tolerance takes a number/
    );
    assert.throws(
      () => parseCommandLine(['scores']),
      /scores needs a notebook/
    );
  });
});
