import Modal from '../ui/Modal.tsx';
import type { LessonSummary } from '../../lib/lesson-form.ts';

export default function DeleteLessonDialog({ lesson, detail, onCancel, onDelete }: {
  lesson: Pick<LessonSummary, 'title'>;
  /** What else the deletion does, said under the question. */
  detail?: string;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal title='Delete lesson' onClose={onCancel}>
      <p>Are you sure you want to delete "{lesson.title}"? This action cannot be undone.</p>
      {detail && <p>{detail}</p>}
      <div className='form-row'>
        <button type='button' className='btn btn-ghost' onClick={onCancel}>
          Cancel
        </button>
        <button type='button' className='btn btn-primary danger-solid' onClick={onDelete}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
