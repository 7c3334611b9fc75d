import type { IStateDB } from '@jupyterlab/statedb';
import type { ReadonlyPartialJSONObject } from '@lumino/coreutils';
import { Signal, type ISignal } from '@lumino/signaling';

/**
 * Which sections of the panel the user opened or closed, by section id. Kept in the
 * state database when there is one, so the choice outlives a reload of the page.
 */
export class SectionStates {
  constructor(options: SectionStates.IOptions = {}) {
    this._stateDB = options.stateDB ?? null;
    if (this._stateDB) {
      void this._restore(this._stateDB);
    }
  }

  /** Emitted when a section's state is set or the saved states are restored. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }

  /** The user's last choice for a section; undefined if they never toggled it. */
  isOpen(id: string): boolean | undefined {
    return this._open[id];
  }

  /** Records the user's choice for a section and saves it. */
  setOpen(id: string, open: boolean): void {
    if (this._open[id] === open) {
      return;
    }
    this._open = { ...this._open, [id]: open };
    this._changed.emit();
    // Unsaved, the choice still holds until the page reloads.
    this._stateDB
      ?.save(SectionStates.STATE_KEY, this._open)
      .catch(() => undefined);
  }

  private async _restore(stateDB: IStateDB): Promise<void> {
    // Unreadable saved states leave the defaults: nothing the user must be told about.
    const saved = await stateDB
      .fetch(SectionStates.STATE_KEY)
      .catch(() => undefined);
    const restored: Record<string, boolean> = {};
    for (const [id, open] of Object.entries(
      (saved ?? {}) as ReadonlyPartialJSONObject
    )) {
      if (typeof open === 'boolean') {
        restored[id] = open;
      }
    }
    // A toggle made while the database loaded wins over the saved state.
    this._open = { ...restored, ...this._open };
    this._changed.emit();
  }

  private _open: Record<string, boolean> = {};
  private _stateDB: IStateDB | null;
  private _changed = new Signal<this, void>(this);
}

/** Options and constants of {@link SectionStates}. */
export namespace SectionStates {
  export interface IOptions {
    /** Where the states are saved; without one they last as long as the page. */
    stateDB?: IStateDB | null;
  }

  /** The state database key the sections' states are saved under. */
  export const STATE_KEY = 'jupyterlab-modernizer:sidebar-sections';
}
