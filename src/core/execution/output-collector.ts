import type * as nbformat from '@jupyterlab/nbformat';
import type { KernelMessage } from '@jupyterlab/services';
import { typedLine } from './answers';

/**
 * Turns a cell's IOPub messages into nbformat outputs, as a notebook would store them:
 * consecutive stream chunks of one name are merged, `clear_output` (also `wait=True`)
 * and `update_display_data` are honoured.
 */
export class OutputCollector {
  /**
   * @param onOutput - called with each output added or changed (a merged stream too).
   */
  constructor(private readonly onOutput?: (output: nbformat.IOutput) => void) {}

  /** The outputs so far. */
  get outputs(): nbformat.IOutput[] {
    return this._outputs;
  }

  /** Takes one IOPub message; messages that are not outputs are ignored. */
  handle(msg: KernelMessage.IIOPubMessage): void {
    const content = msg.content as Record<string, any>;
    switch (msg.header.msg_type) {
      case 'clear_output':
        if (content.wait) {
          this._clearPending = true;
        } else {
          this._clear();
        }
        return;
      case 'stream':
        this._addStream(content.name, content.text);
        return;
      case 'display_data':
        this._add(
          {
            output_type: 'display_data',
            data: content.data,
            metadata: content.metadata ?? {}
          },
          content.transient?.display_id
        );
        return;
      case 'execute_result':
        this._add(
          {
            output_type: 'execute_result',
            execution_count: content.execution_count ?? null,
            data: content.data,
            metadata: content.metadata ?? {}
          },
          content.transient?.display_id
        );
        return;
      case 'error':
        this._add({
          output_type: 'error',
          ename: content.ename,
          evalue: content.evalue,
          traceback: content.traceback ?? []
        });
        return;
      case 'update_display_data':
        this._update(content.transient?.display_id, content);
        return;
      default:
        return;
    }
  }

  /** An answer typed at an `input()` prompt, kept as JupyterLab keeps it: `prompt value`. */
  typed(prompt: string, value: string): void {
    this._addStream('stdin', typedLine(prompt, value));
  }

  private _addStream(name: string, text: string): void {
    this._flushClear();
    const last = this._outputs[this._outputs.length - 1];
    if (last?.output_type === 'stream' && last.name === name) {
      last.text = `${last.text as string}${text}`;
      this.onOutput?.(last);
      return;
    }
    this._add({ output_type: 'stream', name, text });
  }

  private _add(output: nbformat.IOutput, displayId?: string): void {
    this._flushClear();
    this._outputs.push(output);
    if (displayId) {
      const indices = this._displays.get(displayId) ?? [];
      indices.push(this._outputs.length - 1);
      this._displays.set(displayId, indices);
    }
    this.onOutput?.(output);
  }

  private _update(
    displayId: string | undefined,
    content: Record<string, any>
  ): void {
    for (const index of this._displays.get(displayId ?? '') ?? []) {
      const output = this._outputs[index];
      output.data = content.data;
      output.metadata = content.metadata ?? {};
      this.onOutput?.(output);
    }
  }

  /** `clear_output(wait=True)` clears just before the next output arrives. */
  private _flushClear(): void {
    if (this._clearPending) {
      this._clear();
    }
  }

  private _clear(): void {
    this._clearPending = false;
    this._outputs = [];
    this._displays.clear();
  }

  private _outputs: nbformat.IOutput[] = [];
  private _displays = new Map<string, number[]>();
  private _clearPending = false;
}
