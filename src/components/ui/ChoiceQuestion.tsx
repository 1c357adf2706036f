import type { KeyboardEvent, Ref } from 'react';
import { isOrderOf } from '../../lib/shuffle.ts';
import { useHydrated } from './useHydrated.ts';

interface Props {
  /** id of the heading, for aria-labelledby on the surrounding section. */
  headingId: string;
  headingLevel?: 1 | 2;
  headingClassName?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  question: string;
  /** Radio group name, unique per question. */
  name: string;
  options: string[];
  /** Index of the chosen option. */
  chosen: number | undefined | null;
  onChoose: (index: number) => void;
  disabled?: boolean;
  onKeyDown?: (event: KeyboardEvent) => void;
  /**
   * After checking: the correct option is marked right and a wrong pick wrong (in words as well as
   * colour), and a wrong pick is never shown as the selected, green one.
   */
  marks?: { correct: number; chosen: number };
  /** The order the options are shown in, as spec indices (src/lib/shuffle.ts); the spec's order without it. */
  order?: readonly number[];
}

/** One multiple-choice question: the question as the legend, native radios (arrow keys move). */
export default function ChoiceQuestion(
  {
    headingId,
    headingLevel = 2,
    headingClassName,
    headingRef,
    question,
    name,
    options,
    chosen,
    onChoose,
    disabled,
    onKeyDown,
    marks,
    order,
  }: Props,
) {
  const shown = isOrderOf(order, options.length) ? order : options.map((_, i) => i);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // A pick before the island hydrates would be lost: the options wait, disabled (issue 53).
  const hydrated = useHydrated();
  return (
    <fieldset className='question' onKeyDown={onKeyDown}>
      <legend>
        <Heading id={headingId} className={headingClassName} tabIndex={-1} ref={headingRef}>
          {question}
        </Heading>
      </legend>
      <div className='options'>
        {shown.map((i) => {
          const option = options[i];
          const mark = marks ? (i === marks.correct ? 'right' : i === marks.chosen ? 'wrong' : '') : '';
          const state = mark ? ` ${mark}` : chosen === i ? ' selected' : '';
          return (
            <label key={i} className={`option${state}`} data-option={i}>
              <input
                type='radio'
                name={name}
                checked={chosen === i}
                disabled={disabled || Boolean(marks) || !hydrated}
                onChange={() => onChoose(i)}
              />
              <span>{option}</span>
              {mark === 'right' && (
                <span className='option-mark'>{marks!.chosen === i ? 'Your answer: correct' : 'Correct answer'}</span>
              )}
              {mark === 'wrong' && <span className='option-mark'>Your answer: not correct</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
