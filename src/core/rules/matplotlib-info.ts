// What the matplotlib rule files share: where its API changes are noted, and the setup
// their kernel examples run after (no display, pyplot imported).

/** matplotlib's notes on the API changes of one release. */
export const matplotlibNotes = (version: string) =>
  `https://matplotlib.org/stable/api/prev_api_changes/api_changes_${version}.html`;

/** Runs before a matplotlib rule's example: the Agg backend, pyplot as `plt`. */
export const MATPLOTLIB_SETUP =
  "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt";
