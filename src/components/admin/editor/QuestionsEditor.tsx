import Field from '../../ui/Field.tsx';
import { padOptions } from '../../../lib/lesson-form.ts';
import { emptyQuestion, type Errors, type Question, removeAt, replaceAt } from './editor-state.ts';
import { TextAreaField } from './fields.tsx';
import { GroupIssues, type Issues } from './issues.tsx';

export default function QuestionsEditor(
  { questions, errors, issues, onChange }: {
    questions: Question[];
    errors: Errors;
    issues?: Issues;
    onChange: (questions: Question[]) => void;
  },
) {
  return (
    <fieldset className='group'>
      <legend>Quiz questions</legend>
      <GroupIssues issues={issues} field='questions' />
      {questions.map((question, i) => (
        <QuestionEditor
          key={i}
          index={i}
          question={question}
          errors={errors}
          issues={issues}
          onChange={(patch) => onChange(replaceAt(questions, i, { ...question, ...patch }))}
          onRemove={() => onChange(removeAt(questions, i))}
        />
      ))}
      <button type='button' className='btn btn-outline' onClick={() => onChange([...questions, emptyQuestion()])}>
        Add question
      </button>
    </fieldset>
  );
}

function QuestionEditor({ index: i, question, errors, issues, onChange, onRemove }: {
  index: number;
  question: Question;
  errors: Errors;
  issues?: Issues;
  onChange: (patch: Partial<Question>) => void;
  onRemove: () => void;
}) {
  const options = padOptions(question.options);
  const optionsError = errors[`questions.${i}.options`] ?? errors[`questions.${i}.correctAnswer`];
  return (
    <div className='item card' data-question={i + 1} id={`question-${i + 1}`} tabIndex={-1}>
      <h3>Question {i + 1}</h3>
      <GroupIssues issues={issues} field={`questions.${i}`} />
      <Field
        label={`Question ${i + 1} text`}
        error={errors[`questions.${i}.question`]}
        value={question.question}
        onChange={(e) => onChange({ question: e.target.value })}
      />
      <fieldset className='options-group'>
        <legend>Options (choose the correct one)</legend>
        {options.map((option, k) => (
          <div key={k} className='row'>
            <input
              type='radio'
              name={`correct-${i}`}
              aria-label={`Option ${k + 1} is correct`}
              checked={question.correctAnswer === k}
              onChange={() => onChange({ correctAnswer: k })}
            />
            <label className='visually-hidden' htmlFor={`q${i}-o${k}`}>
              Question {i + 1} option {k + 1}
            </label>
            <input
              id={`q${i}-o${k}`}
              className='input'
              value={option}
              onChange={(e) => onChange({ options: replaceAt(options, k, e.target.value) })}
            />
          </div>
        ))}
        {optionsError && (
          <p className='field-error' role='alert'>
            {optionsError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={`Question ${i + 1} explanation`}
        rows={3}
        error={errors[`questions.${i}.explanation`]}
        value={question.explanation ?? ''}
        onChange={(explanation) => onChange({ explanation })}
      />
      <button type='button' className='btn btn-ghost' onClick={onRemove}>
        Remove question {i + 1}
      </button>
    </div>
  );
}
