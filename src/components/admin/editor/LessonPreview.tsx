import { useEffect, useState } from 'react';
import { api } from '../../api.ts';
import { padOptions } from '../../../lib/lesson-form.ts';
import type { Question, Section } from './editor-state.ts';

/** The lesson as learners will see it; the sections rendered by the server with the lesson page's own function. */
export default function LessonPreview({ sections, questions }: { sections: Section[]; questions: Question[] }) {
  const [html, setHtml] = useState<string[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const body = {
        sections: sections.map((s) => ({ header: s.header ?? '', subheader: s.subheader ?? '', content: s.content })),
      };
      api<{ html: string[] }>('/api/studio/preview', { body })
        .then((r) => r.ok && r.data && setHtml(r.data.html))
        .catch(() => {});
    }, 300);
    return () => clearTimeout(timer);
  }, [sections]);

  return (
    // Focusable: it scrolls on its own, and a keyboard user must be able to scroll it too.
    <aside className='preview card' aria-labelledby='preview-title' tabIndex={0}>
      <h2 id='preview-title'>Preview</h2>
      <p className='hint'>As learners will see the sections, then the quiz.</p>
      {/* Sanitized on the server by the lesson page's renderer (src/lib/server/content/lesson-content.ts). */}
      <div
        className='preview-body lesson-body'
        data-testid='preview'
        dangerouslySetInnerHTML={{ __html: html.join('') }}
      />
      {questions.length > 0 && <QuizPreview questions={questions} />}
    </aside>
  );
}

function QuizPreview({ questions }: { questions: Question[] }) {
  return (
    <div className='preview-quiz' data-testid='preview-quiz'>
      <h3>Quiz ({questions.length} {questions.length === 1 ? 'question' : 'questions'})</h3>
      <ol>
        {questions.map((q, i) => (
          <li key={i}>
            <p className='q'>{q.question || <em>No question text yet</em>}</p>
            <ul>
              {padOptions(q.options).map((o, k) => (
                <li key={k} className={q.correctAnswer === k ? 'correct' : undefined}>
                  {o || <em>Empty option</em>}
                  {q.correctAnswer === k && <strong>&#32;(correct answer)</strong>}
                </li>
              ))}
            </ul>
            {q.explanation && <p className='why'>Why: {q.explanation}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
