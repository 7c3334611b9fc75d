import React, { useContext, useState } from 'react';
import type { IReference, ScoreDirection } from '../../core';
import { TranslationContext } from '../translation';

/** Metrics offered in the form; any other name can be typed. */
const METRICS = [
  'accuracy',
  'roc_auc',
  'f1',
  'r2',
  'rmse',
  'mse',
  'mae',
  'score'
];
const LOWER_IS_BETTER = new Set(['rmse', 'mse', 'mae', 'log_loss', 'loss']);

/** A small form for a score the user knows (e.g. a leaderboard score). */
export function ReferenceForm({
  onAdd
}: {
  onAdd: (reference: IReference) => void;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const [metric, setMetric] = useState('accuracy');
  const [value, setValue] = useState('');
  const [direction, setDirection] = useState<ScoreDirection>('higher');
  const number = Number(value);
  const valid = metric.trim() !== '' && value.trim() !== '' && isFinite(number);
  return (
    <>
      <p className="jp-Modernizer-referenceCaption">
        {trans.__('A score you know (e.g. a leaderboard’s) to compare with:')}
      </p>
      <form
        className="jp-Modernizer-referenceForm"
        onSubmit={event => {
          event.preventDefault();
          if (valid) {
            onAdd({ metric: metric.trim(), value: number, direction });
            setValue('');
          }
        }}
      >
        <input
          className="jp-mod-styled jp-Modernizer-referenceMetric"
          aria-label={trans.__('Metric')}
          list="jp-Modernizer-metrics"
          value={metric}
          onChange={event => {
            setMetric(event.target.value);
            setDirection(
              LOWER_IS_BETTER.has(event.target.value) ? 'lower' : 'higher'
            );
          }}
        />
        <datalist id="jp-Modernizer-metrics">
          {METRICS.map(name => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <input
          className="jp-mod-styled jp-Modernizer-referenceValue"
          aria-label={trans.__('Reference value')}
          placeholder="0.80"
          inputMode="decimal"
          value={value}
          onChange={event => setValue(event.target.value)}
        />
        <select
          className="jp-mod-styled jp-Modernizer-referenceDirection"
          aria-label={trans.__('Better when')}
          value={direction}
          onChange={event => setDirection(event.target.value as ScoreDirection)}
        >
          <option value="higher">{trans.__('higher is better')}</option>
          <option value="lower">{trans.__('lower is better')}</option>
        </select>
        <button
          type="submit"
          className="jp-Button jp-mod-styled jp-Modernizer-referenceAdd"
          disabled={!valid}
        >
          {trans.__('Add')}
        </button>
      </form>
    </>
  );
}
