// The editor's select and textarea fields, labelled and with their error beside them like ui/Field's inputs.
import { type ReactNode, useId } from 'react';

interface Frame {
  label: string;
  error?: string;
  hint?: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: Frame & { id: string; children: ReactNode }) {
  return (
    <div className='field'>
      <label htmlFor={id}>{label}</label>
      {children}
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

const describedBy = (id: string, { error, hint }: Frame) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

export function SelectField<T extends string>(
  { placeholder, value, choices, onChange, ...frame }: Frame & {
    placeholder: string;
    value: string;
    choices: Readonly<Record<T, string>>;
    onChange: (value: string) => void;
  },
) {
  const id = useId();
  return (
    <FieldFrame id={id} {...frame}>
      <select
        id={id}
        className='select'
        value={value}
        aria-invalid={Boolean(frame.error)}
        aria-describedby={describedBy(id, frame)}
        onChange={(e) => onChange(e.target.value)}
      >
        <ChoiceOptions placeholder={placeholder} choices={choices} />
      </select>
    </FieldFrame>
  );
}

/** A select's options: the empty choice first, then each value under its label. */
export function ChoiceOptions<T extends string>(
  { placeholder, choices }: { placeholder: string; choices: Readonly<Record<T, string>> },
) {
  return (
    <>
      <option value=''>{placeholder}</option>
      {(Object.entries(choices) as [T, string][]).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

export function TextAreaField(
  { value, rows, onChange, ...frame }: Frame & { value: string; rows: number; onChange: (value: string) => void },
) {
  const id = useId();
  return (
    <FieldFrame id={id} {...frame}>
      <textarea
        id={id}
        className='input textarea'
        rows={rows}
        value={value}
        aria-invalid={Boolean(frame.error)}
        aria-describedby={describedBy(id, frame)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
