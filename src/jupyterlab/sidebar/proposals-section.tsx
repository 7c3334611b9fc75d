import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext, useEffect, useRef } from 'react';
import type { IProposalEntry, ProposalStatus } from '../review/proposals-model';
import type { ReviewController } from '../inline-diff/review-controller';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';
import { InlineCode } from './inline-code';
import { kindLabel } from '../review/kind-label';
import { ProposalDiff } from './proposal-diff';

/** The props of {@link ProposalsSection}. */
export interface IProposalsSectionProps {
  review: ReviewController;
  onReveal: (cellId: string) => void;
}

/** What a decided proposal says instead of its buttons; `why` a run took it back. */
function statusLabel(
  status: Exclude<ProposalStatus, 'pending'>,
  trans: TranslationBundle,
  why = ''
): string {
  switch (status) {
    case 'accepted':
      return trans.__('Accepted');
    case 'rejected':
      return trans.__('Rejected');
    case 'stale':
      return trans.__(
        'Stale: the cell changed since this was proposed; your edit is kept.'
      );
    case 'taken-back':
      return trans.__('Taken back by the run: %1.', why);
  }
}

/**
 * The proposals to review, each with its cell (a link to the inline diff there), kind,
 * rationale and rules, and Accept / Reject for the whole cell; a module's proposal shows
 * its diff here. Accept all and Reject all for the pending ones. A new pending proposal
 * opens the section: a Modernize run waits for it.
 */
export function ProposalsSection({
  review,
  onReveal
}: IProposalsSectionProps): JSX.Element | null {
  const trans = useContext(TranslationContext);
  const model = review.proposals;
  const state = useSignal(model.changed, () => ({
    entries: model.entries,
    message: model.message,
    busy: model.busy
  }));
  const pending = state.entries.filter(entry => entry.status === 'pending');
  // A Modernize run waits for the one pending proposal: bring it into view.
  const first = useRef<HTMLLIElement>(null);
  const firstId = pending[0]?.proposal.id;
  useEffect(() => {
    first.current?.scrollIntoView({ block: 'nearest' });
  }, [firstId]);
  if (state.entries.length === 0 && !state.message) {
    return null;
  }
  return (
    <Section
      id="proposals"
      title={trans.__('Proposals')}
      attention={firstId}
      aside={
        pending.length > 0 && (
          <>
            <button
              className="jp-Modernizer-link jp-Modernizer-acceptAll"
              onClick={() => review.acceptAll()}
            >
              {trans.__('Accept all')}
            </button>
            <button
              className="jp-Modernizer-link jp-Modernizer-rejectAll"
              onClick={() => review.rejectAll()}
            >
              {trans.__('Reject all')}
            </button>
          </>
        )
      }
    >
      {state.message && (
        <p className="jp-Modernizer-message jp-mod-quiet">{state.message}</p>
      )}
      <ol className="jp-Modernizer-proposalList">
        {state.entries.map(entry => (
          <ProposalCard
            key={entry.proposal.id}
            itemRef={entry.proposal.id === firstId ? first : undefined}
            entry={entry}
            review={review}
            onReveal={onReveal}
          />
        ))}
      </ol>
    </Section>
  );
}

/** The props of {@link ProposalCard}. */
interface IProposalCardProps {
  entry: IProposalEntry;
  review: ReviewController;
  onReveal: (cellId: string) => void;
  /** Set on the card the panel scrolls to. */
  itemRef?: React.Ref<HTMLLIElement>;
}

function ProposalCard({
  entry,
  review,
  onReveal,
  itemRef
}: IProposalCardProps): JSX.Element {
  const trans = useContext(TranslationContext);
  const { proposal, status, position } = entry;
  const target = proposal.target;
  return (
    <li
      ref={itemRef}
      className={`jp-Modernizer-proposal jp-mod-${status}`}
      data-status={status}
      data-position={position}
      data-proposal={proposal.id}
    >
      <div className="jp-Modernizer-proposalHeader">
        {target.kind === 'cell' ? (
          <button
            className="jp-Modernizer-link jp-Modernizer-proposalCell"
            onClick={() => onReveal(target.cellId)}
          >
            {trans.__('Cell %1', position)}
          </button>
        ) : (
          <code className="jp-Modernizer-proposalCell">{target.path}</code>
        )}
        <span className={`jp-Modernizer-kind jp-mod-${proposal.kind}`}>
          {kindLabel(proposal.kind, trans)}
        </span>
      </div>
      <p className="jp-Modernizer-rationale">
        <InlineCode text={proposal.rationale} />
      </p>
      {proposal.ruleIds.length > 0 && (
        <p className="jp-Modernizer-ruleIds">
          {proposal.ruleIds.map(id => (
            <code key={id}>{id}</code>
          ))}
        </p>
      )}
      {proposal.unsafe.length > 0 && (
        <p
          className="jp-Modernizer-message jp-mod-warning jp-Modernizer-unsafe"
          role="alert"
        >
          {trans.__(
            'Unsafe: %1. Read it before you accept it.',
            proposal.unsafe.join('; ')
          )}
        </p>
      )}
      {entry.hunks ? (
        status === 'pending' && <HunkSummary entry={entry} />
      ) : (
        <ProposalDiff before={proposal.before} after={proposal.after} />
      )}
      {status === 'pending' ? (
        <div className="jp-Modernizer-proposalButtons">
          <button
            className="jp-Button jp-mod-styled jp-mod-accept"
            disabled={entry.streaming}
            onClick={() => review.accept(proposal.id)}
          >
            {trans.__('Accept')}
          </button>
          <button
            className="jp-Button jp-mod-styled jp-mod-reject"
            onClick={() => review.reject(proposal.id)}
          >
            {trans.__('Reject')}
          </button>
        </div>
      ) : (
        <p className={`jp-Modernizer-proposalStatus jp-mod-${status}`}>
          {statusLabel(status, trans, entry.why)}
        </p>
      )}
    </li>
  );
}

/** How many changes of a cell proposal wait in the cell, and how many conflict. */
function HunkSummary({ entry }: { entry: IProposalEntry }): JSX.Element {
  const trans = useContext(TranslationContext);
  const hunks = entry.hunks?.hunks ?? [];
  const conflicted = hunks.filter(hunk => hunk.conflicted).length;
  const accepted = entry.acceptedHunks ?? 0;
  const parts = [
    trans._n(
      '%1 change to review in the cell',
      '%1 changes to review in the cell',
      hunks.length
    )
  ];
  if (accepted > 0) {
    parts.push(trans.__('%1 accepted', accepted));
  }
  if (conflicted > 0) {
    parts.push(trans.__('%1 conflicting with your edit', conflicted));
  }
  return (
    <p className="jp-Modernizer-hunkSummary jp-mod-quiet">
      {entry.streaming ? `${trans.__('Streaming…')} ` : ''}
      {parts.join(', ')}
    </p>
  );
}
