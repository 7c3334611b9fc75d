import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  autoAcceptReviewer,
  LLMError,
  LLMFixer,
  type ChatEvent,
  type IChatRequest,
  type ICellResult,
  type ICheckCell,
  type IEditableNotebook,
  type IFixRequest,
  type ILLMClient,
  type LLMFixEvent
} from '../../../../src/core';

/** A model that replies from a script: text (streamed in small pieces) or an error. */
class ScriptedClient implements ILLMClient {
  constructor(
    private readonly _replies: (
      | string
      | LLMError
      | { text: string; finishReason?: string; usage?: boolean }
    )[]
  ) {}

  readonly requests: IChatRequest[] = [];

  async *stream(request: IChatRequest): AsyncGenerator<ChatEvent> {
    this.requests.push(request);
    const reply = this._replies.shift() ?? '';
    if (reply instanceof LLMError) {
      throw reply;
    }
    const {
      text,
      finishReason = 'stop',
      usage = true
    } = typeof reply === 'string' ? { text: reply } : reply;
    for (let i = 0; i < text.length; i += 7) {
      yield { type: 'delta', text: text.slice(i, i + 7) };
    }
    if (usage) {
      yield { type: 'usage', promptTokens: 1000, completionTokens: 50 };
    }
    yield { type: 'done', finishReason };
  }

  async models(): Promise<string[]> {
    return ['scripted'];
  }
}

const CELLS: ICheckCell[] = [
  { id: 'c1', index: 0, source: 'import numpy as np' },
  { id: 'c2', index: 1, source: 'x = np.asfarray([3])\nprint(x)' }
];
const FIXED = 'x = np.asarray([3], dtype=float)\nprint(x)';

function failure(): ICellResult {
  return {
    status: 'error',
    ename: 'AttributeError',
    evalue: "module 'numpy' has no attribute 'asfarray'",
    traceback: [
      'Cell In[2], line 1\n----> 1 x = np.asfarray([3])',
      "AttributeError: module 'numpy' has no attribute 'asfarray'"
    ],
    outputs: [],
    executionCount: 2,
    durationMs: 5
  };
}

function request(overrides: Partial<IFixRequest> = {}): IFixRequest {
  return {
    kind: 'error-repair',
    target: { kind: 'cell', cellId: 'c2' },
    source: CELLS[1].source,
    failure: failure(),
    findings: [],
    environment: { versions: new Map([['numpy', '2.4.6']]) },
    document: { codeCells: () => CELLS } as IEditableNotebook,
    ...overrides
  };
}

function reply(source: string, id = 'c2', rationale = 'asfarray was removed') {
  return JSON.stringify({ cells: [{ id, source, rationale }] });
}

describe('LLMFixer', () => {
  it('proposes the reply as the llm fixer, with kind, one-line rationale and no rules', async () => {
    const client = new ScriptedClient([reply(FIXED)]);
    const fixer = new LLMFixer({ client, model: 'm', temperature: 0 });
    const proposal = await fixer.propose(request());
    assert.ok(proposal);
    assert.equal(proposal.fixer, 'llm');
    assert.equal(proposal.kind, 'error-repair');
    assert.equal(proposal.after, FIXED);
    assert.equal(proposal.before, CELLS[1].source);
    assert.equal(proposal.rationale, 'asfarray was removed');
    assert.deepEqual(proposal.ruleIds, []);
    assert.deepEqual(proposal.unsafe, []);
    assert.equal(client.requests[0].model, 'm');
    assert.equal(client.requests[0].temperature, 0);
  });

  it('counts tokens per fix and in total, as the endpoint reports them or estimated', async () => {
    const client = new ScriptedClient([
      reply(FIXED),
      { text: reply('a = 2', 'c1'), usage: false }
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    const first = await fixer.propose(request());
    assert.deepEqual(fixer.usageOf(first!.id), {
      promptTokens: 1000,
      completionTokens: 50,
      requests: 1
    });
    const second = await fixer.propose(
      request({ target: { kind: 'cell', cellId: 'c1' }, source: 'a = 1' })
    );
    const estimated = fixer.usageOf(second!.id)!;
    assert.ok(estimated.promptTokens > 100 && estimated.completionTokens > 10);
    assert.deepEqual(fixer.usage, {
      promptTokens: 1000 + estimated.promptTokens,
      completionTokens: 50 + estimated.completionTokens,
      requests: 2
    });
  });

  it('shows the proposal growing while the reply streams', async () => {
    const events: LLMFixEvent[] = [];
    const fixer = new LLMFixer({
      client: new ScriptedClient([`\`\`\`json\n${reply(FIXED)}\n\`\`\``]),
      model: 'm',
      onEvent: event => events.push(event)
    });
    await fixer.propose(request());
    const partial = events.flatMap(e =>
      e.kind === 'partial' ? [e.source] : []
    );
    assert.ok(partial.length > 3);
    assert.equal(partial[partial.length - 1], FIXED);
    partial.reduce((a, b) => (assert.ok(b.startsWith(a)), b));
    assert.equal(events[0].kind, 'request');
    assert.equal(events[events.length - 1].kind, 'finished');
  });

  it('asks once more with the parse error after a reply it cannot read', async () => {
    const client = new ScriptedClient([
      'Sorry, here: {"cells": [',
      reply(FIXED)
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    const proposal = await fixer.propose(request());
    assert.equal(proposal?.after, FIXED);
    assert.equal(client.requests.length, 2);
    const retry = client.requests[1].messages;
    assert.equal(retry[retry.length - 2].role, 'assistant');
    assert.match(retry[retry.length - 1].content, /could not be used: .*JSON/);
    assert.equal(fixer.usageOf(proposal!.id)!.requests, 2);
  });

  it('gives up after the second unreadable reply, with the reason', async () => {
    const client = new ScriptedClient([
      'no json',
      { text: reply(FIXED), finishReason: 'length' }
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    assert.equal(await fixer.propose(request()), null);
    assert.equal(client.requests.length, 2);
    assert.match(
      fixer.lastReason!,
      /could not be read: .*cut off at the token limit/
    );
  });

  it('refuses a fix that would pass the token budget, without asking', async () => {
    const client = new ScriptedClient([reply(FIXED)]);
    const fixer = new LLMFixer({ client, model: 'm', tokenBudget: 200 });
    assert.equal(await fixer.propose(request()), null);
    assert.equal(client.requests.length, 0);
    assert.match(
      fixer.lastReason!,
      /token budget would be exceeded: 0 of 200 used/
    );
  });

  it('caps the reply at the budget left, and stops once it is spent', async () => {
    const client = new ScriptedClient([reply(FIXED), reply(FIXED)]);
    const fixer = new LLMFixer({
      client,
      model: 'm',
      tokenBudget: 1500,
      maxTokens: 4000
    });
    assert.ok(await fixer.propose(request()));
    const cap = client.requests[0].maxTokens!;
    assert.ok(cap < 1500 && cap > 0, `maxTokens ${cap}`);
    assert.equal(
      await fixer.propose(
        request({ target: { kind: 'cell', cellId: 'c1' }, source: 'a = 1' })
      ),
      null
    );
    assert.match(fixer.lastReason!, /1050 of 1500 used/);
    assert.equal(client.requests.length, 1);
  });

  it('flags shell, process and deletion code as unsafe, which auto-accept never takes', async () => {
    const dangerous = `import os, shutil\nos.system("rm -rf ~")\nshutil.rmtree("/")\n${FIXED}`;
    const fixer = new LLMFixer({
      client: new ScriptedClient([reply(dangerous)]),
      model: 'm'
    });
    const proposal = await fixer.propose(request());
    assert.ok(proposal);
    assert.deepEqual(proposal.unsafe, ['starts a process', 'deletes files']);
    const decision = await autoAcceptReviewer().review(
      proposal,
      new AbortController().signal
    );
    assert.equal(decision.kind, 'reject');
  });

  it('changes only the target: entries for other cells are ignored and reported', async () => {
    const events: LLMFixEvent[] = [];
    const text = JSON.stringify({
      cells: [
        {
          id: 'c1',
          source: 'import os\nos.remove("data.csv")',
          rationale: 'x'
        },
        { id: 'c2', source: FIXED, rationale: 'fix' }
      ]
    });
    const fixer = new LLMFixer({
      client: new ScriptedClient([text]),
      model: 'm',
      onEvent: event => events.push(event)
    });
    const proposal = await fixer.propose(request());
    assert.deepEqual(proposal!.target, { kind: 'cell', cellId: 'c2' });
    assert.equal(proposal!.after, FIXED);
    const finished = events.find(e => e.kind === 'finished');
    assert.deepEqual(finished?.kind === 'finished' && finished.ignored, ['c1']);
  });

  it('stops on an endpoint failure: reported once, then every call refuses with it', async () => {
    const events: LLMFixEvent[] = [];
    const client = new ScriptedClient([
      new LLMError(
        'auth',
        'The language model at http://x/v1 refused the key (401).'
      ),
      reply(FIXED)
    ]);
    const fixer = new LLMFixer({
      client,
      model: 'm',
      onEvent: e => events.push(e)
    });
    assert.equal(await fixer.propose(request()), null);
    assert.equal(fixer.error?.kind, 'auth');
    assert.ok(events.some(e => e.kind === 'error'));
    assert.match(fixer.lastReason!, /refused the key/);
    assert.equal(await fixer.propose(request({ failure: failure() })), null);
    assert.match(fixer.lastReason!, /unavailable: .*refused the key/);
    assert.equal(client.requests.length, 1);
    assert.deepEqual(fixer.usage, {
      promptTokens: 0,
      completionTokens: 0,
      requests: 1
    });
  });

  it('treats a reply that broke off like an unreadable one: asked once more', async () => {
    const client = new ScriptedClient([
      new LLMError('malformed', 'The reply broke off before it was complete.'),
      reply(FIXED)
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    assert.equal((await fixer.propose(request()))?.after, FIXED);
    assert.equal(fixer.error, undefined);
  });

  it('repairs failures only, and asks about at most two places per failure', async () => {
    const client = new ScriptedClient([
      reply(FIXED, 'c2'),
      '{"cells": []}',
      reply('b', 'c0')
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    assert.equal(await fixer.propose(request({ failure: undefined })), null);
    assert.equal(fixer.lastReason, 'nothing failed');
    assert.equal(client.requests.length, 0);
    const result = failure();
    await fixer.propose(request({ failure: result }));
    const other = {
      target: { kind: 'cell' as const, cellId: 'c1' },
      source: 'import numpy as np'
    };
    assert.equal(
      await fixer.propose(request({ failure: result, ...other })),
      null
    );
    assert.equal(fixer.lastReason, 'the model has no change for this code');
    const third = {
      target: { kind: 'cell' as const, cellId: 'c0' },
      source: 'a'
    };
    assert.equal(
      await fixer.propose(request({ failure: result, ...third })),
      null
    );
    assert.match(fixer.lastReason!, /2 places for this failure/);
    assert.equal(client.requests.length, 2);
  });

  it('asks for score-calibration only with the scores of the cell that moved', async () => {
    const calibration = request({
      kind: 'score-calibration',
      failure: undefined
    });
    const client = new ScriptedClient([reply(`${FIXED}  # pinned`)]);
    const fixer = new LLMFixer({ client, model: 'm' });
    assert.equal(await fixer.propose(calibration), null);
    assert.equal(client.requests.length, 0);
    const row = {
      basis: 'saved' as const,
      cellId: 'c2',
      cellIndex: 1,
      metric: 'accuracy',
      label: 'Test accuracy',
      direction: 'higher' as const,
      original: 0.81,
      now: 0.95,
      deviation: 0.17,
      mode: 'relative' as const,
      withinTolerance: false,
      seeded: true
    };
    const proposal = await fixer.propose({ ...calibration, scores: [row] });
    assert.equal(proposal?.kind, 'score-calibration');
    const [system, user] = client.requests[0].messages;
    assert.match(system.content, /Task: score-calibration/);
    assert.match(
      user.content,
      /Test accuracy: printed 0.81 originally, 0.95 now/
    );
    // Not asked for: never.
    const off = new LLMFixer({ client, model: 'm', kinds: ['error-repair'] });
    assert.equal(await off.propose({ ...calibration, scores: [row] }), null);
  });

  it('asks about a place twice at most for one failure: again only after a rejection', async () => {
    const client = new ScriptedClient([
      reply('x = 1'),
      reply('x = 2'),
      reply('x = 3')
    ]);
    const fixer = new LLMFixer({ client, model: 'm' });
    const result = failure();
    assert.equal(
      (await fixer.propose(request({ failure: result })))?.after,
      'x = 1'
    );
    assert.equal(
      (await fixer.propose(request({ failure: result })))?.after,
      'x = 2'
    );
    assert.match(
      client.requests[1].messages[1].content,
      /not applied \(rejected in review\)/
    );
    assert.equal(await fixer.propose(request({ failure: result })), null);
    assert.match(fixer.lastReason!, /asked 2 times about this place/);
    assert.equal(client.requests.length, 2);
  });

  it('tells the model what its earlier proposal did when it ran and failed', async () => {
    const client = new ScriptedClient([reply('x = broken()'), reply(FIXED)]);
    const fixer = new LLMFixer({ client, model: 'm' });
    await fixer.propose(request());
    const ranAndFailed: ICellResult = {
      ...failure(),
      ename: 'NameError',
      evalue: "name 'broken' is not defined"
    };
    await fixer.propose(
      request({ source: 'x = broken()', failure: ranAndFailed })
    );
    const prompt = client.requests[1].messages[1].content;
    assert.match(prompt, /earlier attempts did not work/);
    assert.match(
      prompt,
      /it ran and failed: NameError: name 'broken' is not defined/
    );
  });

  it("keeps the end of the old source: a module's final newline", async () => {
    const fixer = new LLMFixer({
      client: new ScriptedClient([
        reply('def f():\n    return 1', 'mlutils.py')
      ]),
      model: 'm'
    });
    const proposal = await fixer.propose(
      request({
        target: { kind: 'module', path: 'mlutils.py' },
        source: 'def f():\n    return 0\n'
      })
    );
    assert.equal(proposal?.after, 'def f():\n    return 1\n');
  });

  it('drops the line breaks a reply adds at the end of a cell', async () => {
    const fixer = new LLMFixer({
      client: new ScriptedClient([reply(`${FIXED}\n\n`)]),
      model: 'm'
    });
    assert.equal((await fixer.propose(request()))?.after, FIXED);
  });
});
