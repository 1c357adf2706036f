import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type MutableRefObject,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Adds a show/hide toggle (password fields). */
  revealable?: boolean;
  /** The input element, for a form that moves focus to it. */
  inputRef?: MutableRefObject<HTMLInputElement | null>;
}

/** A labelled input with its error shown beside it (and announced). */
export default function Field({ label, error, hint, revealable, type, inputRef, ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  // Text typed before the island hydrated is in the DOM but not in React's state: keep it.
  useEffect(() => {
    const el = ref.current;
    if (el && el.value && !input.value && input.onChange) {
      input.onChange({ target: el, currentTarget: el } as ChangeEvent<HTMLInputElement>);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className='field'>
      <label htmlFor={id}>{label}</label>
      <div className={revealable ? 'input-with-toggle' : undefined}>
        <input
          ref={(el) => {
            ref.current = el;
            if (inputRef) inputRef.current = el;
          }}
          id={id}
          className='input'
          type={revealable && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {revealable && (
          <button
            type='button'
            className='reveal'
            aria-pressed={shown}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && (
        <div id={`${id}-hint`} className='field-hint'>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className='field-error' role='alert'>
          {error}
        </p>
      )}
    </div>
  );
}
