import type { TranslationBundle } from '@jupyterlab/translation';
import type { FixKind } from '../../core';

/** How each kind of fix is named in the panel; an unknown kind by itself. */
export function kindLabel(
  kind: FixKind | string,
  trans: TranslationBundle
): string {
  switch (kind) {
    case 'error-repair':
      return trans.__('error repair');
    case 'score-calibration':
      return trans.__('score calibration');
    case 'runtime-reduction':
      return trans.__('runtime reduction');
    default:
      return kind;
  }
}
