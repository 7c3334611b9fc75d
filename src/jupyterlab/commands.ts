/** The ids of the Modernizer's commands. */
export namespace CommandIDs {
  /** Opens the Modernizer panel in the right sidebar. */
  export const openPanel = 'modernizer:open-panel';
  /** Runs the check on the active notebook. */
  export const runCheck = 'modernizer:run-check';
  /** Modernizes the active notebook: run, review fixes, compare scores, verify. */
  export const modernize = 'modernizer:modernize';
  /** Stops the active notebook's check. */
  export const stop = 'modernizer:stop';
}

/** The command palette category of the Modernizer's commands. */
export const PALETTE_CATEGORY = 'Notebook Modernizer';

/** The id of the Modernizer panel widget. */
export const PANEL_ID = 'jp-Modernizer-panel';
