import { caretDownIcon, caretRightIcon } from '@jupyterlab/ui-components';
import React, {
  createContext,
  useContext,
  useEffect,
  useId,
  useState
} from 'react';
import { useSignal } from '../use-signal';
import { SectionStates } from './section-states';

/** The open and closed states of the panel's sections; the panel provides its own. */
export const SectionStatesContext = createContext(new SectionStates());

/** The props of {@link Section}. */
export interface ISectionProps {
  /** Names the section: its class is `jp-Modernizer-<id>`, its state is kept by it. */
  id: string;
  /** The header's text; a click on it opens or closes the section. */
  title: React.ReactNode;
  /** At the right of the header, shown even when closed: a count, or buttons. */
  aside?: React.ReactNode;
  /** Whether the section is open while the user has never toggled it. */
  defaultOpen?: boolean;
  /**
   * What needs the user here (a failure, a pending proposal...): whenever it changes to
   * a new value other than null or undefined, the section opens, whatever was chosen.
   */
  attention?: unknown;
  /** The ARIA role of the whole section, e.g. `alert`. */
  role?: string;
  children?: React.ReactNode;
}

/** A panel section whose header opens and closes it; closed, only the header shows. */
export function Section({
  id,
  title,
  aside,
  defaultOpen = true,
  attention,
  role,
  children
}: ISectionProps): JSX.Element {
  const states = useContext(SectionStatesContext);
  const chosen = useSignal(states.changed, () => states.isOpen(id));
  const needed = attention !== undefined && attention !== null;
  const [revealed, setRevealed] = useState(needed);
  useEffect(() => {
    if (needed) {
      setRevealed(true);
    }
  }, [attention]);
  const open = revealed || (chosen ?? defaultOpen);
  const bodyId = useId();
  const Caret = open ? caretDownIcon : caretRightIcon;
  return (
    <section
      className={`jp-Modernizer-section jp-Modernizer-${id}${open ? '' : ' jp-mod-collapsed'}`}
      role={role}
    >
      <h3 className="jp-Modernizer-heading">
        <button
          className="jp-Modernizer-sectionToggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            setRevealed(false);
            states.setOpen(id, !open);
          }}
        >
          <Caret.react tag="span" className="jp-Modernizer-caret" />
          <span className="jp-Modernizer-sectionTitle">{title}</span>
        </button>
        {aside && <span className="jp-Modernizer-sectionAside">{aside}</span>}
      </h3>
      <div className="jp-Modernizer-sectionBody" id={bodyId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
