import type { Checked, QuizQuestion } from './quiz-state.ts';

/** Each question with the learner's answer and the correct one (words as well as colour). */
export default function Explanations({ questions, results }: { questions: QuizQuestion[]; results: Checked[] }) {
  return (
    <ol className='explanations'>
      {results.map((r) => {
        const q = questions.find((x) => x.id === r.questionId);
        return (
          <li key={r.questionId} className={r.isCorrect ? 'right' : 'wrong'} data-question={r.questionId}>
            <p className='q'>
              <span className='mark'>{r.isCorrect ? '✓ Correct' : '✗ Incorrect'}</span> {q?.question}
            </p>
            <p data-testid='your-answer'>
              Your answer: <strong>{q?.options[r.userAnswer] ?? 'none'}</strong>
            </p>
            {!r.isCorrect && (
              <p data-testid='correct-answer'>
                Correct answer: <strong>{q?.options[r.correctAnswer]}</strong>
              </p>
            )}
            <p className='why'>{r.explanation}</p>
          </li>
        );
      })}
    </ol>
  );
}
