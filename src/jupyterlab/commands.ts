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
  /** Accepts the proposed change at the cursor in the active cell. */
  export const acceptHunk = 'modernizer:accept-hunk';
  /** Rejects the proposed change at the cursor in the active cell. */
  export const rejectHunk = 'modernizer:reject-hunk';
  /** Accepts the active cell's proposal whole. */
  export const acceptCell = 'modernizer:accept-cell';
  /** Rejects the active cell's proposal whole. */
  export const rejectCell = 'modernizer:reject-cell';
  /** Edits the next cell with a proposal to review. */
  export const nextProposal = 'modernizer:next-proposal';
}

/** The id of the Modernizer panel widget. */
export const PANEL_ID = 'jp-Modernizer-panel';
