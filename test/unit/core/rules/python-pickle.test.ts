import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { pythonPickleRules } from '../../../../src/core/rules/python-pickle';
import { matchesIn, testExamples } from './helpers';

testExamples(pythonPickleRules);

const [rule] = pythonPickleRules;

/** The cell as the rule rewrites it, in a notebook that imports pickle. */
function rewritten(source: string, setup = 'import pickle'): string {
  return (
    proposeRewrite(source, matchesIn(rule, source, { setup }))?.source ?? source
  );
}

describe('pickles read and written through text files', () => {
  it('opens the file pickle is given in binary mode, however it is bound', () => {
    for (const [before, after] of [
      [
        'with open("../data/final_project_dataset.pkl", "r") as data_file:\n    data_dict = pickle.load(data_file)',
        'with open("../data/final_project_dataset.pkl", "rb") as data_file:\n    data_dict = pickle.load(data_file)'
      ],
      [
        "f = open(path, mode='w')\npickle.dump(model, f)\nf.close()",
        "f = open(path, mode='wb')\npickle.dump(model, f)\nf.close()"
      ],
      [
        "clusters = pickle.load(open(data_dir + '/stable.pickle'))",
        "clusters = pickle.load(open(data_dir + '/stable.pickle', 'rb'))"
      ],
      [
        "pickle.dump(results, file=open('r.pkl', 'w'), protocol=2)",
        "pickle.dump(results, file=open('r.pkl', 'wb'), protocol=2)"
      ],
      [
        "with open('a.txt') as notes, open('m.pkl', 'rU') as f:\n    m = pickle.load(f)",
        "with open('a.txt') as notes, open('m.pkl', 'rb') as f:\n    m = pickle.load(f)"
      ]
    ]) {
      assert.equal(rewritten(before), after);
    }
    assert.equal(
      rewritten("d = cPickle.load(open('d.pkl', 'r'))", 'import cPickle'),
      "d = cPickle.load(open('d.pkl', 'rb'))"
    );
  });

  it('leaves binary files, modes it cannot read, files bound elsewhere and other loads', () => {
    for (const source of [
      "d = pickle.load(open('d.pkl', 'rb'))",
      'd = pickle.load(open(path, mode))',
      'd = pickle.load(f)',
      "pickle.dump(d, f)\nf = open('d.pkl', 'w')",
      "d = json.load(open('d.json'))",
      "d = pickle.load(open('d.pkl', encoding='latin-1'))",
      "with open('d.pkl') as f:\n    d = pickle.load(g)"
    ]) {
      assert.deepEqual(
        matchesIn(rule, source, { setup: 'import pickle\nimport json' }),
        [],
        source
      );
    }
  });
});

describe("csv files opened in Python 2's binary mode", () => {
  const csvRule = pythonPickleRules.find(r => r.id === 'python.csv-text-file')!;
  const text = (source: string, setup = 'import csv') =>
    proposeRewrite(source, matchesIn(csvRule, source, { setup }))?.source ??
    source;

  it("are opened as text with newline='', given directly or through a name", () => {
    assert.equal(
      text("csv_file_object = csv.reader(open(file_name, 'rb'))"),
      "csv_file_object = csv.reader(open(file_name, 'r', newline=''))"
    );
    assert.equal(
      text(
        "with open('out.csv', \"wb\") as fp:\n    w = csv.writer(fp, delimiter=',')"
      ),
      'with open(\'out.csv\', "w", newline="") as fp:\n    w = csv.writer(fp, delimiter=\',\')'
    );
    assert.equal(
      text(
        "f = open('a.csv', mode='rb')\nrows = reader(f)",
        'from csv import reader'
      ),
      "f = open('a.csv', mode='r', newline='')\nrows = reader(f)"
    );
  });

  it('leaves text modes, modes not written out and files not given to csv', () => {
    for (const source of [
      "rows = csv.reader(open('a.csv'))",
      "rows = csv.reader(open('a.csv', mode))",
      "data = open('a.bin', 'rb').read()",
      "rows = csv.reader(open('a.csv', 'rb', newline=''))"
    ]) {
      assert.equal(text(source), source);
    }
  });
});
