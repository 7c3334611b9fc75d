import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as nbformat from '@jupyterlab/nbformat';
import { answerAt, savedAnswers } from '../../../../src/core';

const stream = (name: string, text: string | string[]): nbformat.IOutput => ({
  output_type: 'stream',
  name,
  text
});

describe('savedAnswers', () => {
  it("reads each code cell's stdin outputs, one answer a line, merged ones too", () => {
    const answers = savedAnswers([
      {
        id: 'ask',
        cellType: 'code',
        outputs: [
          stream('stdin', 'Please enter an integer:  r\n'),
          stream('stdout', 'Looks like you did not enter an integer!\n'),
          stream('stdin', ['Try again:  57\n', 'Name:  Ada\n'])
        ]
      },
      {
        id: 'quiet',
        cellType: 'code',
        outputs: [stream('stdout', 'Name:  not typed\n')]
      },
      { id: 'prose', cellType: 'markdown', outputs: [] }
    ]);
    assert.deepEqual(
      [...answers],
      [['ask', ['Please enter an integer:  r', 'Try again:  57', 'Name:  Ada']]]
    );
  });
});

describe('answerAt', () => {
  it('gives what was typed after the prompt, spaces and all', () => {
    assert.equal(
      answerAt('Please enter an integer: ', 'Please enter an integer:  r'),
      'r'
    );
    assert.equal(answerAt('', ' 42'), '42');
    assert.equal(answerAt('Name: ', 'Name:  Ada Lovelace '), 'Ada Lovelace ');
    assert.equal(answerAt('Name: ', 'Name: '), null);
  });

  it('answers no other prompt, and no password JupyterLab hid', () => {
    assert.equal(answerAt('Age: ', 'Name:  Ada'), null);
    assert.equal(answerAt('Password: ', 'Password:  ········'), null);
  });
});
