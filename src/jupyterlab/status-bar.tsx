import { GroupItem, TextItem } from '@jupyterlab/statusbar';
import { ReactWidget } from '@jupyterlab/ui-components';
import React from 'react';
import { modernizerIcon } from './icons';
import type { RunState, SessionModel } from './session/model';
import type { CheckSession } from './session/session';
import type { IModernizerTracker } from './tokens';
import { useSignal } from './use-signal';

/**
 * The status-bar item: the progress of a check run ("Modernizer: 3/12"), shown while one
 * is going on; a click opens the panel.
 */
export class ModernizerStatus extends ReactWidget {
  constructor(options: ModernizerStatus.IOptions) {
    super();
    this._options = options;
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
    return <StatusBody {...this._options} />;
  }

  private _options: ModernizerStatus.IOptions;
}

/** Options of {@link ModernizerStatus}. */
export namespace ModernizerStatus {
  export interface IOptions {
    tracker: IModernizerTracker;
    /** Opens the Modernizer panel. */
    onClick: () => void;
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
  const progress = useSignal(model.progressChanged, () => model.progress);
  const text =
    state === 'waiting'
      ? 'waiting for the kernel'
      : state === 'stopping'
        ? 'stopping'
        : `${progress?.position ?? 0}/${progress?.total ?? 0}`;
  return (
    <GroupItem
      spacing={4}
      className="jp-Modernizer-statusItem"
      title="Notebook Modernizer check in progress: click to open the panel"
      onClick={onClick}
    >
      <modernizerIcon.react tag="span" stylesheet="statusBar" />
      <TextItem source={`Modernizer: ${text}`} />
    </GroupItem>
  );
}
