import type { IStateDB } from '@jupyterlab/statedb';
import type { ITranslator, TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget } from '@jupyterlab/ui-components';
import React, { useContext } from 'react';
import { PANEL_ID } from '../commands';
import { modernizerIcon } from '../icons';
import type { CheckSession } from '../session/session';
import type { IModernizerTracker } from '../session/tokens';
import { ActionsBar } from './actions-bar';
import { CellList } from './cell-list';
import { EnvironmentSection } from './environment-section';
import { FailureSection } from './failure-section';
import { KernelSection } from './kernel-section';
import { ModernizeSection } from './modernize-section';
import { PreflightSection } from './preflight-section';
import { ProposalsSection } from './proposals-section';
import { RunSection } from './run-section';
import { SectionStatesContext } from './section';
import { SectionStates } from './section-states';
import { ScoresSection } from './scores-section';
import type { ICellLocation } from '../reveal-cell';
import { cellPositions, liveCodeCells } from '../review/notebook-cells';
import { loadTranslation, TranslationContext } from '../translation';
import { useSignal } from '../use-signal';

/** The Modernizer panel of the right sidebar; it shows the active notebook's session. */
export class ModernizerPanel extends ReactWidget {
  constructor(options: ModernizerPanel.IOptions) {
    super();
    this._options = options;
    this._trans = loadTranslation(options.translator);
    this._sections = new SectionStates({ stateDB: options.stateDB });
    this.id = PANEL_ID;
    this.addClass('jp-Modernizer-panel');
    this.title.icon = modernizerIcon;
    this.title.caption = this._trans.__('Notebook Modernizer');
  }

  /** Renders the body for the current session. */
  protected render(): JSX.Element {
    return (
      <TranslationContext.Provider value={this._trans}>
        <SectionStatesContext.Provider value={this._sections}>
          <PanelBody {...this._options} />
        </SectionStatesContext.Provider>
      </TranslationContext.Provider>
    );
  }

  private _options: ModernizerPanel.IOptions;
  private _trans: TranslationBundle;
  private _sections: SectionStates;
}

/** Options of {@link ModernizerPanel}. */
export namespace ModernizerPanel {
  export interface IOptions {
    tracker: IModernizerTracker;
    /** Scrolls to and selects a cell of a session's notebook, at a line if given. */
    revealCell: (
      session: CheckSession,
      cellId: string,
      location?: ICellLocation
    ) => void;
    /** Keeps which sections are open across reloads; without it, for the page's life. */
    stateDB?: IStateDB | null;
    /** Translates the panel's text; without it, the text stays in English. */
    translator?: ITranslator | null;
  }
}

/** Follows the active notebook; each session gets fresh sections (hence the key). */
function PanelBody({
  tracker,
  revealCell
}: ModernizerPanel.IOptions): JSX.Element {
  const trans = useContext(TranslationContext);
  const session = useSignal(tracker.currentChanged, () => tracker.current);
  return (
    <div className="jp-Modernizer-body">
      <header className="jp-Modernizer-header">
        <h2 className="jp-Modernizer-title">{trans.__('Modernizer')}</h2>
        {session && (
          <span className="jp-Modernizer-notebookName">
            {session.panel.title.label}
          </span>
        )}
      </header>
      {session ? (
        <SessionView
          key={session.panel.id}
          session={session}
          revealCell={revealCell}
        />
      ) : (
        <p className="jp-Modernizer-message jp-Modernizer-hint">
          {trans.__(
            'Open a notebook to check whether it still runs in today’s environment.'
          )}
        </p>
      )}
    </div>
  );
}

function SessionView({
  session,
  revealCell
}: {
  session: CheckSession;
  revealCell: ModernizerPanel.IOptions['revealCell'];
}): JSX.Element {
  const { model } = session;
  const reveal = (cellId: string, location?: ICellLocation) =>
    revealCell(session, cellId, location);
  const positionOf = (cellId: string) =>
    cellPositions(liveCodeCells(session.panel)).get(cellId) ?? 0;
  return (
    <>
      <ActionsBar session={session} />
      <KernelSection model={model} />
      <EnvironmentSection
        model={model}
        onRefresh={() => void session.refreshEnvironment()}
      />
      <PreflightSection model={session.scanner.model} onReveal={reveal} />
      <ModernizeSection loop={session.loop} />
      <ProposalsSection review={session.review} onReveal={reveal} />
      <RunSection model={model} />
      <FailureSection model={model} onReveal={reveal} />
      <CellList model={model} onReveal={reveal} />
      <ScoresSection review={session.review} positionOf={positionOf} />
    </>
  );
}
