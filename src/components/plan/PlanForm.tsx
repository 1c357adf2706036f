import type { ReactNode } from 'react';
import Field from '../ui/Field.tsx';
import { type DebtForm, emptyDebt, type PlanForm } from '../../lib/money-plan/form.ts';
import { MAX_DEBTS } from '../../lib/money-plan/limits.ts';

interface Props {
  form: PlanForm;
  errors: Record<string, string>;
  onChange: (form: PlanForm) => void;
}

type TextKey = Exclude<keyof PlanForm, 'debts' | 'debtsAnswer' | 'hasDependents'>;

/** Each field: its label and the one line that explains it. */
const FIELDS: Record<TextKey, { label: string; hint: string; money: boolean }> = {
  takeHomePay: {
    label: 'Take-home pay a month ($)',
    hint: 'What reaches your account each month, after tax.',
    money: true,
  },
  essentialSpending: {
    label: 'Essential spending a month ($)',
    hint: 'Rent, food, transport, insurance, utilities; no debt payments (they go below).',
    money: true,
  },
  emergencySavings: {
    label: 'Savings you could use in an emergency ($)',
    hint: 'Cash you could reach within days, not retirement accounts.',
    money: true,
  },
  grossPay: {
    label: 'Gross pay a year ($)',
    hint: 'Before tax: the pay your employer match is a percent of.',
    money: true,
  },
  matchPercent: {
    label: 'Employer match (%)',
    hint: 'How much your employer adds per dollar you put in: 50 for 50 cents.',
    money: false,
  },
  matchUpToPercent: {
    label: 'Matched up to (% of pay)',
    hint: 'The most of your pay the employer matches, for example 6.',
    money: false,
  },
  contributionPercent: {
    label: 'You put in now (% of pay)',
    hint: 'What you contribute to the workplace plan today; 0 if nothing.',
    money: false,
  },
};

function Choice<T extends string>(
  { legend, hint, name, value, options, onChange }: {
    legend: string;
    hint: string;
    name: string;
    value: T;
    options: Array<[T, string]>;
    onChange: (value: T) => void;
  },
) {
  return (
    <fieldset className='plan-choice'>
      <legend>{legend}</legend>
      <p className='field-hint'>{hint}</p>
      {options.map(([v, label]) => (
        <label key={v} className='plan-radio'>
          <input type='radio' name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The form's fields; every one optional and explained in one line, its error beside it. */
export default function PlanFormFields({ form, errors, onChange }: Props) {
  const text = (key: TextKey): ReactNode => (
    <Field
      key={key}
      label={FIELDS[key].label}
      hint={FIELDS[key].hint}
      name={key}
      type='text'
      inputMode='decimal'
      autoComplete='off'
      value={form[key]}
      error={errors[key]}
      onChange={(e) => onChange({ ...form, [key]: e.target.value })}
    />
  );
  const setDebt = (i: number, debt: DebtForm) =>
    onChange({ ...form, debts: form.debts.map((d, j) => (j === i ? debt : d)) });
  return (
    <>
      {text('takeHomePay')}
      {text('essentialSpending')}
      {text('emergencySavings')}
      <Choice
        legend='Debts'
        hint='Credit cards and loans, each with its balance, APR and minimum payment.'
        name='debtsAnswer'
        value={form.debtsAnswer}
        options={[['unsaid', 'I would rather not say'], ['none', 'No debts'], ['some', 'I have debts']]}
        onChange={(debtsAnswer) =>
          onChange({
            ...form,
            debtsAnswer,
            debts: debtsAnswer === 'some' && !form.debts.length ? [emptyDebt()] : form.debts,
          })}
      />
      {form.debtsAnswer === 'some' && (
        <div className='plan-debts'>
          {errors.debts && <p className='field-error' role='alert'>{errors.debts}</p>}
          {form.debts.map((debt, i) => (
            <DebtFields
              key={i}
              index={i}
              debt={debt}
              errors={errors}
              onChange={setDebt}
              onRemove={() => onChange({ ...form, debts: form.debts.filter((_, j) => j !== i) })}
            />
          ))}
          {form.debts.length < MAX_DEBTS && (
            <button
              type='button'
              className='btn btn-outline'
              onClick={() => onChange({ ...form, debts: [...form.debts, emptyDebt()] })}
            >
              Add a debt
            </button>
          )}
        </div>
      )}
      {text('grossPay')}
      {text('matchPercent')}
      {text('matchUpToPercent')}
      {text('contributionPercent')}
      <Choice
        legend='Does anyone depend on your income?'
        hint='Children, a partner or a parent who relies on it: the full emergency fund is then bigger.'
        name='hasDependents'
        value={form.hasDependents}
        options={[['', 'Not saying'], ['no', 'No'], ['yes', 'Yes']]}
        onChange={(hasDependents) => onChange({ ...form, hasDependents })}
      />
    </>
  );
}

function DebtFields(
  { index, debt, errors, onChange, onRemove }: {
    index: number;
    debt: DebtForm;
    errors: Record<string, string>;
    onChange: (i: number, debt: DebtForm) => void;
    onRemove: () => void;
  },
) {
  const at = `debts.${index}`;
  const field = (key: keyof DebtForm, label: string, hint: string) => (
    <Field
      label={label}
      hint={hint}
      name={`${at}.${key}`}
      type='text'
      inputMode={key === 'name' ? 'text' : 'decimal'}
      autoComplete='off'
      value={debt[key]}
      error={errors[`${at}.${key}`]}
      onChange={(e) => onChange(index, { ...debt, [key]: e.target.value })}
    />
  );
  return (
    <fieldset className='plan-debt'>
      <legend>Debt {index + 1}{debt.name.trim() ? `: ${debt.name.trim()}` : ''}</legend>
      {field('name', 'Name', 'So you can tell your debts apart, for example Visa.')}
      {field('balance', 'Balance ($)', 'What you owe today.')}
      {field('apr', 'APR (%)', 'The yearly interest rate on your statement.')}
      {field('minimumPayment', 'Minimum payment a month ($)', 'The least the lender accepts each month.')}
      <button type='button' className='btn btn-ghost' onClick={onRemove}>
        Remove debt {index + 1}
      </button>
    </fieldset>
  );
}
