import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as nbformat from '@jupyterlab/nbformat';
import type { KernelMessage } from '@jupyterlab/services';
import { OutputCollector } from '../../../../src/core';

/** A minimal IOPub message of the given type. */
function iopub(
  msgType: string,
  content: Record<string, unknown>
): KernelMessage.IIOPubMessage {
  return {
    channel: 'iopub',
    header: {
      msg_type: msgType,
      msg_id: 'm',
      session: 's',
      username: '',
      date: '',
      version: '5.3'
    },
    parent_header: {},
    metadata: {},
    content
  } as unknown as KernelMessage.IIOPubMessage;
}

const stdout = (text: string) => iopub('stream', { name: 'stdout', text });
const stderr = (text: string) => iopub('stream', { name: 'stderr', text });
const display = (text: string, displayId?: string) =>
  iopub('display_data', {
    data: { 'text/plain': text },
    metadata: {},
    ...(displayId ? { transient: { display_id: displayId } } : {})
  });

function collect(
  ...messages: KernelMessage.IIOPubMessage[]
): nbformat.IOutput[] {
  const collector = new OutputCollector();
  messages.forEach(message => collector.handle(message));
  return collector.outputs;
}

describe('OutputCollector', () => {
  it('merges consecutive chunks of one stream, as nbformat stores them', () => {
    assert.deepEqual(
      collect(stdout('a'), stdout('b\n'), stderr('warn\n'), stdout('c')),
      [
        { output_type: 'stream', name: 'stdout', text: 'ab\n' },
        { output_type: 'stream', name: 'stderr', text: 'warn\n' },
        { output_type: 'stream', name: 'stdout', text: 'c' }
      ]
    );
  });

  it('keeps results, displays and errors in order', () => {
    const outputs = collect(
      display('plot'),
      iopub('execute_result', {
        execution_count: 3,
        data: { 'text/plain': '42' },
        metadata: {}
      }),
      iopub('error', { ename: 'E', evalue: 'v', traceback: ['tb'] })
    );
    assert.deepEqual(outputs, [
      {
        output_type: 'display_data',
        data: { 'text/plain': 'plot' },
        metadata: {}
      },
      {
        output_type: 'execute_result',
        execution_count: 3,
        data: { 'text/plain': '42' },
        metadata: {}
      },
      { output_type: 'error', ename: 'E', evalue: 'v', traceback: ['tb'] }
    ]);
  });

  it('clears at once on clear_output', () => {
    assert.deepEqual(
      collect(stdout('old'), iopub('clear_output', { wait: false })),
      []
    );
  });

  it('clears just before the next output on clear_output(wait=True)', () => {
    const collector = new OutputCollector();
    collector.handle(stdout('0\n'));
    collector.handle(iopub('clear_output', { wait: true }));
    assert.equal(
      collector.outputs.length,
      1,
      'still shown until something replaces it'
    );
    collector.handle(stdout('1\n'));
    assert.deepEqual(collector.outputs, [
      { output_type: 'stream', name: 'stdout', text: '1\n' }
    ]);
  });

  it('updates a display in place on update_display_data', () => {
    const outputs = collect(
      display('10%', 'progress'),
      stdout('log\n'),
      iopub('update_display_data', {
        data: { 'text/plain': '100%' },
        metadata: {},
        transient: { display_id: 'progress' }
      })
    );
    assert.deepEqual(
      outputs.map(output => output.data ?? output.text),
      [{ 'text/plain': '100%' }, 'log\n']
    );
  });

  it('ignores messages that are not outputs, and reports each change', () => {
    const seen: string[] = [];
    const collector = new OutputCollector(output =>
      seen.push(String(output.text))
    );
    collector.handle(iopub('status', { execution_state: 'busy' }));
    collector.handle(iopub('execute_input', { code: 'x', execution_count: 1 }));
    collector.handle(stdout('a'));
    collector.handle(stdout('b'));
    assert.equal(collector.outputs.length, 1);
    assert.deepEqual(seen, ['a', 'ab']);
  });
});
