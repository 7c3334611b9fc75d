import { GroupItem, TextItem } from '@jupyterlab/statusbar';
import type { ITranslator, TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget } from '@jupyterlab/ui-components';
import React, { useContext } from 'react';
import { modernizerIcon } from '../icons';
import type { RunState, SessionModel } from '../check/model';
import type { CheckSession } from '../session/session';
import type { IModernizerTracker } from '../session/tokens';
import { loadTranslation, TranslationContext } from '../translation';
import { useSignal } from '../use-signal';

/**
 * The status-bar item: the progress of a check run ("Modernizer: 3/12"), shown while one
 * is going on; a click opens the panel.
 */
export class ModernizerStatus extends ReactWidget {
  constructor(options: ModernizerStatus.IOptions) {
    super();
    this._options = options;
    this._trans = loadTranslation(options.translator);
    this.addClass('jp-Modernizer-status');
    this.addClass('jp-mod-highlighted');
  }

  /** The session whose run the item shows: the active notebook's, else any running. */
  static runningSession(tracker: IModernizerTracker): CheckSession | null {
    if (tracker.current?.model.isRunning) {
      return tracker.current;
    }
    let found: CheckSession | null = null;
    tracker.forEach(session => {
      if (!found && !session.isDisposed && session.model.isRunning) {
        found = session;
      }
    });
    return found;
  }

  /** Renders the progress of the running session, if any. */
  protected render(): JSX.Element {
    return (
      <TranslationContext.Provider value={this._trans}>
        <StatusBody {...this._options} />
      </TranslationContext.Provider>
    );
  }

  private _options: ModernizerStatus.IOptions;
  private _trans: TranslationBundle;
}

/** Options of {@link ModernizerStatus}. */
export namespace ModernizerStatus {
  export interface IOptions {
    tracker: IModernizerTracker;
    /** Opens the Modernizer panel. */
    onClick: () => void;
    /** Translates the item's text; without it, the text stays in English. */
    translator?: ITranslator | null;
  }
}

function StatusBody({
  tracker,
  onClick
}: ModernizerStatus.IOptions): JSX.Element | null {
  const running = useSignal(tracker.runChanged, () => {
    const session = ModernizerStatus.runningSession(tracker);
    return session ? { session, state: session.model.state } : null;
  });
  if (!running) {
    return null;
  }
  return (
    <StatusProgress
      key={running.session.panel.id}
      model={running.session.model}
      state={running.state}
      onClick={onClick}
    />
  );
}

function StatusProgress({
  model,
  state,
  onClick
}: {
  model: SessionModel;
  state: RunState;
  onClick: () => void;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const progress = useSignal(model.progressChanged, () => model.progress);
  const text =
    state === 'waiting'
      ? trans.__('Modernizer: waiting for the kernel')
      : state === 'stopping'
        ? trans.__('Modernizer: stopping')
        : trans.__(
            'Modernizer: %1/%2',
            progress?.position ?? 0,
            progress?.total ?? 0
          );
  return (
    <GroupItem
      spacing={4}
      className="jp-Modernizer-statusItem"
      title={trans.__(
        'Notebook Modernizer check in progress: click to open the panel'
      )}
      onClick={onClick}
    >
      <modernizerIcon.react tag="span" stylesheet="statusBar" />
      <TextItem source={text} />
    </GroupItem>
  );
}
