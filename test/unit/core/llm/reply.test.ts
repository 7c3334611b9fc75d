import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseReply,
  partialSource,
  ReplyParseError
} from '../../../../src/core';

const FIXED = 'import numpy as np\nx = np.asarray([3], dtype=float)\nprint(x)';
const JSON_REPLY = JSON.stringify({
  cells: [{ id: 'c2', source: FIXED, rationale: 'asfarray was removed' }]
});

describe('parseReply', () => {
  it('reads the JSON object the prompt asks for', () => {
    assert.deepEqual(parseReply(JSON_REPLY, 'c2'), {
      cell: { id: 'c2', source: FIXED, rationale: 'asfarray was removed' },
      ignored: []
    });
  });

  it('reads it from a fenced block with prose around', () => {
    const text = `Here is the fix:\n\n\`\`\`json\n${JSON_REPLY}\n\`\`\`\n\nThis uses {asarray} now.`;
    assert.equal(parseReply(text, 'c2').cell?.source, FIXED);
  });

  it('reads it among prose without a fence, braces in the prose included', () => {
    const text = `Sure {happy to help}. ${JSON_REPLY} Let me know {if} it works.`;
    assert.equal(parseReply(text, 'c2').cell?.source, FIXED);
  });

  it('tolerates raw line breaks inside the source string', () => {
    const text = `{"cells": [{"id": "c2", "source": "a = 1\nprint(a)", "rationale": "x"}]}`;
    assert.equal(parseReply(text, 'c2').cell?.source, 'a = 1\nprint(a)');
  });

  it('puts the rationale on one short line', () => {
    const text = JSON.stringify({
      cells: [
        { id: 'c2', source: 'a', rationale: `one\ntwo ${'x'.repeat(300)}` }
      ]
    });
    const rationale = parseReply(text, 'c2').cell!.rationale;
    assert.doesNotMatch(rationale, /\n/);
    assert.ok(rationale.startsWith('one two'));
    assert.ok(rationale.length <= 200);
  });

  it('ignores entries for other cells and reports them', () => {
    const text = JSON.stringify({
      cells: [
        {
          id: 'c1',
          source: 'import os\nos.system("rm -rf /")',
          rationale: 'x'
        },
        { id: 'c2', source: FIXED, rationale: 'fix' }
      ]
    });
    const parsed = parseReply(text, 'c2');
    assert.equal(parsed.cell?.source, FIXED);
    assert.deepEqual(parsed.ignored, ['c1']);
  });

  it('refuses a reply that changes only other cells', () => {
    const text = JSON.stringify({
      cells: [{ id: 'c9', source: 'x', rationale: 'x' }]
    });
    assert.throws(() => parseReply(text, 'c2'), {
      name: 'ReplyParseError',
      message: /changes "c9" but not "c2"/
    });
  });

  it('takes a lone entry without id, or a bare object, as the target', () => {
    assert.equal(
      parseReply('{"cells": [{"source": "a = 2"}]}', 'c2').cell?.source,
      'a = 2'
    );
    assert.equal(
      parseReply('{"source": "a = 3", "rationale": "r"}', 'c2').cell?.source,
      'a = 3'
    );
  });

  it('has no cell when the model says it has no change', () => {
    assert.deepEqual(parseReply('{"cells": []}', 'c2'), { ignored: [] });
  });

  it('throws a ReplyParseError saying why for malformed or cut replies', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['I cannot help with that.', /no JSON object/],
      [JSON_REPLY.slice(0, 40), /no JSON object|not valid/],
      ['{"cells": [{"id": "c2", "source": 3}]}', /no "source" string/],
      ['{"answer": 42}', /not \{"cells"/],
      ['```json\n{"cells": [{"id": "c2", "source": "a",}]}\n```', /not valid/]
    ];
    for (const [text, message] of cases) {
      assert.throws(
        () => parseReply(text, 'c2'),
        (error: unknown) =>
          error instanceof ReplyParseError && message.test(error.message),
        text
      );
    }
  });
});

describe('partialSource', () => {
  it('grows with the streamed reply, escapes decoded, and ends as the full source', () => {
    const text = `\`\`\`json\n${JSON_REPLY}\n\`\`\``;
    let previous = '';
    let grew = 0;
    for (let end = 0; end <= text.length; end++) {
      const source = partialSource(text.slice(0, end));
      if (source === null) {
        assert.equal(previous, '');
        continue;
      }
      assert.ok(source.startsWith(previous) || previous.endsWith('\\'));
      grew += source.length > previous.length ? 1 : 0;
      previous = source;
    }
    assert.equal(previous, FIXED);
    assert.ok(grew > 10);
  });

  it('is null before the source starts', () => {
    assert.equal(partialSource('{"cells": [{"id": "c2", "sou'), null);
  });

  it('never shows half an escape', () => {
    assert.equal(partialSource('{"source": "a\\'), 'a');
    assert.equal(partialSource('{"source": "a\\u00'), 'a');
    assert.equal(partialSource('{"source": "a\\u00e9b'), 'aéb');
  });

  it("follows the target's entry when the reply has several", () => {
    const text =
      '{"cells": [{"id": "c1", "source": "other"}, {"id": "c2", "source": "mine so f';
    assert.equal(partialSource(text, 'c2'), 'mine so f');
    assert.equal(partialSource(text), 'other');
  });
});
