import { useCallback, useMemo, useState } from 'react';
import LessonEditor from '../admin/LessonEditor.tsx';
import { draftExtrasOf, type EditorLesson, emptyDraftLesson } from '../admin/editor/editor-state.ts';
import { draftIssues } from '../../lib/draft-rules.ts';
import type { LessonContentData } from '../../../db/schema.ts';
import { contentOfEditor } from './draft-content.ts';
import DraftWarnings, { type Facts } from './DraftWarnings.tsx';
import '../admin/admin.css';
import './studio-draft.css';

interface Props {
  /** The published lessons, for the new lesson's suggested weight. */
  others: ReadonlyArray<{ pillar: string; level: string; weight: number }>;
  facts: Facts;
}

const NOTHING = { questions: [], sources: [], reviewedAt: null } as unknown as LessonContentData;

/** A new lesson in the studio: every field the publishing rules need, saved as a new draft, then on to that draft. */
export default function NewDraft({ others, facts }: Props) {
  const [initial] = useState(emptyDraftLesson);
  const [typed, setTyped] = useState<EditorLesson>(initial);
  const issues = useMemo(() => draftIssues(contentOfEditor(typed, NOTHING), facts), [typed, facts]);
  const onLessonChange = useCallback((lesson: EditorLesson) => setTyped(lesson), []);
  return (
    <>
      <DraftWarnings problems={issues.map((i) => i.message)} />
      <LessonEditor
        initial={initial}
        others={others}
        issues={issues}
        onLessonChange={onLessonChange}
        onDone={() => location.assign('/studio')}
        saveAs={{
          url: '/api/studio/drafts',
          method: 'POST',
          body: ({ version: _, ...lesson }, editor) => ({ lesson, ...draftExtrasOf(editor) }),
          onSaved: (data) => location.assign(`/studio/drafts/${(data as { id: number }).id}`),
        }}
      />
    </>
  );
}
