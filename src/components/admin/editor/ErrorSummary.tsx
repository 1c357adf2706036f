import type { Errors } from './editor-state.ts';

/** Whether the form shows this error beside its field (the summary then names the field only). */
function shownBesideField(path: string, errors: Errors): boolean {
  if (
    /^(title|slug|pillar|level|orderIndex|duration|weight|reviewedAt|sections|sections\.\d+\.(header|subheader|content)|sources\.\d+\.(title|publisher|url)|questions\.\d+\.(question|options|explanation))$/
      .test(path)
  ) return true;
  const answer = /^questions\.(\d+)\.correctAnswer$/.exec(path);
  return answer !== null && errors[`questions.${answer[1]}.options`] === undefined;
}

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  slug: 'Address',
  pillar: 'Pillar',
  level: 'Level',
  orderIndex: 'Order',
  duration: 'Duration',
  weight: 'Weight',
  sections: 'Sections',
  questions: 'Quiz questions',
  learningObjectives: 'Learning objectives',
  sources: 'Sources',
  reviewedAt: 'Review date',
  version: 'Version',
  body: 'The lesson',
};
const QUESTION_PARTS: Record<string, string> = {
  question: 'text',
  options: 'options',
  correctAnswer: 'correct option',
  explanation: 'explanation',
};

/** A field's path in the form (as the validation names it) in an author's words. */
function describeField(path: string): string {
  const [field, index, part, option] = path.split('.');
  const n = (i: string) => Number(i) + 1;
  if (field === 'sections' && index !== undefined) return `Section ${n(index)}${part ? ` ${part}` : ''}`;
  if (field === 'learningObjectives' && index !== undefined) return `Objective ${n(index)}`;
  if (field === 'sources' && index !== undefined) {
    return `Source ${n(index)}${part ? ` ${part === 'url' ? 'address' : part}` : ''}`;
  }
  if (field === 'questions' && index !== undefined) {
    if (part === 'options' && option !== undefined) return `Question ${n(index)}, option ${n(option)}`;
    return `Question ${n(index)}${part ? ` ${QUESTION_PARTS[part] ?? part}` : ''}`;
  }
  return FIELD_NAMES[field] ?? field;
}

/** What stops the save, each field named as the author sees the form; a message beside its field is not repeated. */
export default function ErrorSummary({ errors }: { errors: Errors }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <div className='alert alert-error error-summary' role='alert' tabIndex={-1} data-testid='error-summary'>
      <p>Please fix {count === 1 ? 'this' : `these ${count} things`} before saving:</p>
      <ul>
        {Object.entries(errors).map(([path, message]) => (
          <li key={path}>
            {describeField(path)}
            {!shownBesideField(path, errors) && `: ${message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
