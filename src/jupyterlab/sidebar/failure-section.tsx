import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext } from 'react';
import type { IFailure, SessionModel } from '../check/model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';

/** The props of {@link FailureSection}. */
export interface IFailureSectionProps {
  model: SessionModel;
  /** Scrolls to and selects a cell of the notebook. */
  onReveal: (cellId: string) => void;
}

/**
 * The cell that stopped the run: error name, message and cleaned traceback. Each new
 * failure opens the section, even one the user closed.
 */
export function FailureSection({
  model,
  onReveal
}: IFailureSectionProps): JSX.Element | null {
  const trans = useContext(TranslationContext);
  const failure = useSignal(model.runChanged, () => model.failure);
  if (!failure) {
    return null;
  }
  return (
    <Section
      id="failure"
      title={Private.title(failure, trans)}
      attention={failure}
      role="alert"
    >
      {Private.detail(failure, trans) && (
        <p className="jp-Modernizer-message">
          {Private.detail(failure, trans)}
        </p>
      )}
      {failure.ename && (
        <p className="jp-Modernizer-error">
          <span className="jp-Modernizer-ename">{failure.ename}</span>
          {failure.evalue && (
            <span className="jp-Modernizer-evalue">: {failure.evalue}</span>
          )}
        </p>
      )}
      {failure.line && (
        <p className="jp-Modernizer-failingLine">
          <span className="jp-Modernizer-lineNumber">
            {trans.__('Line %1', failure.line.line)}
          </span>
          <code>{failure.line.code}</code>
        </p>
      )}
      <button
        className="jp-Modernizer-link jp-Modernizer-failureLink"
        onClick={() => onReveal(failure.cellId)}
      >
        {trans.__('Go to cell %1', failure.position)}
      </button>
      {failure.traceback && (
        <pre className="jp-Modernizer-traceback">{failure.traceback}</pre>
      )}
    </Section>
  );
}

namespace Private {
  /** What a stop without an exception means, in one sentence. */
  export function detail(
    failure: IFailure,
    trans: TranslationBundle
  ): string | null {
    switch (failure.stoppedBy) {
      case 'timeout':
        return trans.__(
          'The cell ran past the cell timeout (Settings › Notebook Modernizer) and was interrupted.'
        );
      case 'budget':
        return trans.__(
          'The time budget of the whole check (Settings › Notebook Modernizer) ran out while this cell ran.'
        );
      case 'kernel-died':
        return trans.__(
          'The kernel process ended (a crash, or out of memory?). It restarts by itself; what earlier cells defined is lost.'
        );
      default:
        return failure.status === 'aborted'
          ? trans.__('The kernel aborted the cell.')
          : null;
    }
  }

  export function title(failure: IFailure, trans: TranslationBundle): string {
    const cell = failure.position;
    switch (failure.stoppedBy) {
      case 'budget':
        return trans.__('The time budget ran out in cell %1', cell);
      case 'timeout':
        return trans.__('Timeout in cell %1', cell);
      case 'kernel-died':
        return trans.__('The kernel died in cell %1', cell);
      default:
        return trans.__('Error in cell %1', cell);
    }
  }
}
