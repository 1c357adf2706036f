import { useState } from 'react';
import LessonEditor from '../admin/LessonEditor.tsx';
import { emptyLesson } from '../admin/editor/editor-state.ts';
import '../admin/admin.css';

interface Props {
  /** The published lessons, for the new lesson's suggested weight. */
  others: ReadonlyArray<{ pillar: string; level: string; weight: number }>;
}

/** A new lesson in the studio: the empty editor, saved as a new draft, then on to that draft. */
export default function NewDraft({ others }: Props) {
  const [initial] = useState(emptyLesson);
  return (
    <LessonEditor
      initial={initial}
      others={others}
      onDone={() => location.assign('/studio')}
      saveAs={{
        url: '/api/studio/drafts',
        method: 'POST',
        body: ({ version: _, ...lesson }) => ({ lesson }),
        onSaved: (data) => location.assign(`/studio/drafts/${(data as { id: number }).id}`),
      }}
    />
  );
}
