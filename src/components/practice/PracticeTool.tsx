import { useEffect, useId, useMemo, useReducer } from 'react';
import { CALCULATOR_TITLES, type CalculatorKind } from '../../lib/practice-tools.ts';
import { answer, cardFields, DEFAULTS, FIELDS, type NumberInput, type Values } from './calculators.ts';
import './practice.css';

const MAX_CARDS = 10;
const storageKey = (kind: CalculatorKind) => `practice:${kind}`;

interface ToolState {
  values: Values;
  /** The credit tool's number of cards. */
  cards: number;
  /** The figures shown are the ones remembered on this device. */
  saved: boolean;
}

type ToolAction =
  | { type: 'set'; name: string; value: string }
  | { type: 'restore'; values: Values }
  | { type: 'saved' }
  | { type: 'add-card' }
  | { type: 'remove-card' }
  | { type: 'reset'; values: Values };

function toolReducer(state: ToolState, action: ToolAction): ToolState {
  switch (action.type) {
    case 'set':
      return { ...state, values: { ...state.values, [action.name]: action.value }, saved: false };
    case 'restore': {
      const cards = Math.max(1, Object.keys(action.values).filter((k) => k.startsWith('limit')).length);
      return { values: action.values, cards, saved: true };
    }
    case 'saved':
      return { ...state, saved: true };
    case 'add-card':
      return { ...state, cards: Math.min(MAX_CARDS, state.cards + 1) };
    case 'remove-card': {
      const last = state.cards - 1;
      const { [`balance${last}`]: _balance, [`limit${last}`]: _limit, ...values } = state.values;
      return { values, cards: last, saved: false };
    }
    case 'reset':
      return { values: action.values, cards: 1, saved: false };
  }
}

/** A practice tool inside a lesson. The learner's figures stay in this browser. */
export default function PracticeTool({ kind }: { kind: CalculatorKind }) {
  const [{ values, cards, saved }, dispatch] = useReducer(toolReducer, {
    values: DEFAULTS[kind],
    cards: 1,
    saved: false,
  });
  const set = (name: string, value: string) => dispatch({ type: 'set', name, value });
  const result = useMemo(() => answer(kind, values, cards), [kind, values, cards]);

  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey(kind)) ?? 'null') as Values | null;
      if (stored) dispatch({ type: 'restore', values: stored });
    } catch {
      // nothing saved
    }
  }, [kind]);

  function remember() {
    try {
      localStorage.setItem(storageKey(kind), JSON.stringify(values));
      dispatch({ type: 'saved' });
    } catch {
      // storage unavailable
    }
  }
  function clear() {
    try {
      localStorage.removeItem(storageKey(kind));
    } catch {
      // nothing stored
    }
    dispatch({ type: 'reset', values: DEFAULTS[kind] });
  }

  return (
    <section className='card practice' aria-label={CALCULATOR_TITLES[kind]} data-calculator={kind}>
      <h3>{CALCULATOR_TITLES[kind]}</h3>
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        {kind === 'credit-utilization'
          ? (
            <>
              {Array.from(
                { length: cards },
                (_, i) => <NumberFields key={i} fields={cardFields(i)} values={values} set={set} />,
              )}
              <div className='practice-actions'>
                <button type='button' className='btn btn-outline' onClick={() => dispatch({ type: 'add-card' })}>
                  Add a card
                </button>
                {cards > 1 && (
                  <button
                    type='button'
                    className='btn btn-ghost'
                    onClick={() => dispatch({ type: 'remove-card' })}
                  >
                    Remove card {cards}
                  </button>
                )}
              </div>
            </>
          )
          : <NumberFields fields={FIELDS[kind]} values={values} set={set} />}
      </form>
      <div className='practice-result' aria-live='polite' data-testid='practice-result'>
        {result.error
          ? (
            <p className='field-error' role='alert'>
              {result.error}
            </p>
          )
          : result.lines.map((l) => <p key={l}>{l}</p>)}
      </div>
      <p className='hint'>An estimate to learn with, not advice. Your figures stay in this browser.</p>
      <div className='practice-actions'>
        <button type='button' className='btn btn-outline' onClick={remember} disabled={saved}>
          {saved ? 'Saved on this device' : 'Remember my figures on this device'}
        </button>
        <button type='button' className='btn btn-ghost' onClick={clear}>
          Clear
        </button>
      </div>
    </section>
  );
}

function NumberFields(
  { fields, values, set }: { fields: NumberInput[]; values: Values; set: (name: string, value: string) => void },
) {
  return (
    <div className='practice-grid'>
      {fields.map((field) => <NumberField key={field.name} {...field} value={values[field.name] ?? ''} set={set} />)}
    </div>
  );
}

function NumberField(
  { name, label, prefix, suffix, value, set }: NumberInput & {
    value: string;
    set: (name: string, value: string) => void;
  },
) {
  const id = useId();
  return (
    <div className='field'>
      <label htmlFor={id}>
        {label}
        {suffix && <span className='unit'>{` (${suffix})`}</span>}
      </label>
      <div className='with-prefix'>
        {prefix && <span aria-hidden='true'>{prefix}</span>}
        <input
          id={id}
          className='input'
          inputMode='decimal'
          value={value}
          onChange={(e) => set(name, e.target.value)}
        />
      </div>
    </div>
  );
}
