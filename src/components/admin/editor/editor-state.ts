// The lesson editor's state: the lesson as typed, and where its save stands.
import { type AuthoredLesson, LESSON_DEFAULTS, padOptions } from '../../../lib/lesson-form.ts';

export interface EditorLesson {
  id?: number;
  version?: number;
  title: string;
  /** The lesson's address (/learn/{slug}); empty for a new lesson until the author types one. */
  slug: string;
  pillar: string;
  level: string;
  orderIndex: number | string;
  duration: number | string;
  weight: number | string;
  sections: Section[];
  learningObjectives: string[];
  questions: Question[];
  /** A studio draft's sources and review date (the admin screen's lessons publish without them). */
  sources?: SourceRow[];
  reviewedAt?: string;
}
export interface SourceRow {
  title: string;
  publisher: string;
  url: string;
}
export interface Section {
  header?: string;
  subheader?: string;
  content: string;
}
/** `id` is the question's id in the lesson, sent back on save so it stays the same. */
export interface Question {
  id?: number;
  question: string;
  options: string[];
  correctAnswer: number | null;
  explanation?: string;
}

/** Error messages by the field's path as the validation names it (`questions.0.options`). */
export type Errors = Record<string, string>;

export const emptySection = (): Section => ({ header: '', subheader: '', content: '' });
export const emptyQuestion = (): Question => ({
  question: '',
  options: padOptions([]),
  correctAnswer: null,
  explanation: '',
});

export const emptyLesson = (): EditorLesson => ({
  title: '',
  slug: '',
  pillar: '',
  level: '',
  orderIndex: LESSON_DEFAULTS.orderIndex,
  duration: LESSON_DEFAULTS.duration,
  // Set from the lessons of the pillar and level once they are chosen (see suggestedWeight).
  weight: '',
  sections: [emptySection()],
  // The publishing rules ask for two objectives (src/lib/curriculum.ts): two fields to start.
  learningObjectives: ['', ''],
  questions: [],
});

export const emptySource = (): SourceRow => ({ title: '', publisher: '', url: '' });

/**
 * A new lesson in the studio starts with as many fields as the publishing rules need: two
 * objectives, three sections (the last one the rules' "Try this now"), three questions, a source.
 */
export const emptyDraftLesson = (): EditorLesson => ({
  ...emptyLesson(),
  sections: [emptySection(), emptySection(), { ...emptySection(), header: 'Try this now' }],
  questions: [emptyQuestion(), emptyQuestion(), emptyQuestion()],
  sources: [emptySource()],
  reviewedAt: '',
});

/** The draft's sources and review date as the studio's API takes them (rows left empty are dropped). */
export function draftExtrasOf(lesson: EditorLesson) {
  return {
    sources: (lesson.sources ?? [])
      .map((s) => ({ title: s.title.trim(), publisher: s.publisher.trim(), url: s.url.trim() }))
      .filter((s) => s.title || s.publisher || s.url)
      .map((s) => ({ ...s, publisher: s.publisher || undefined })),
    reviewedAt: lesson.reviewedAt?.trim() || null,
  };
}

/** A stored lesson as the editor shows it: at least one section, four option inputs per question. */
export const toEditorLesson = (lesson: AuthoredLesson): EditorLesson => ({
  id: lesson.id,
  version: lesson.version,
  title: lesson.title,
  slug: lesson.slug,
  pillar: lesson.pillar,
  level: lesson.level,
  orderIndex: lesson.orderIndex,
  duration: lesson.duration,
  weight: lesson.weight,
  sections: lesson.sections.length ? lesson.sections : [{ content: '' }],
  learningObjectives: lesson.learningObjectives,
  questions: lesson.questions.map((q) => ({ ...q, options: padOptions(q.options) })),
});

const blankToUndefined = (value: number | string) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The body the editor sends: numbers as typed (the schema accepts numeric text and names anything else). */
export function payloadOf(lesson: EditorLesson) {
  return {
    ...(lesson.version !== undefined ? { version: lesson.version } : {}),
    title: lesson.title,
    slug: lesson.slug.trim() || undefined,
    pillar: lesson.pillar || undefined,
    level: lesson.level || undefined,
    orderIndex: blankToUndefined(lesson.orderIndex),
    duration: blankToUndefined(lesson.duration),
    weight: blankToUndefined(lesson.weight),
    sections: lesson.sections,
    learningObjectives: lesson.learningObjectives,
    questions: lesson.questions.map((q) => ({ ...q, correctAnswer: q.correctAnswer ?? undefined })),
  };
}

/** The list with its i-th item replaced. */
export const replaceAt = <T>(list: readonly T[], i: number, item: T): T[] => list.map((x, k) => (k === i ? item : x));
export const removeAt = <T>(list: readonly T[], i: number): T[] => list.filter((_, k) => k !== i);

export interface EditorState {
  lesson: EditorLesson;
  /** A new lesson's weight follows its pillar and level until the author types one. */
  weightTouched: boolean;
  errors: Errors;
  formError: string | null;
  /** Someone else saved the lesson first (409): the editor offers to reload the latest. */
  stale: boolean;
  saving: boolean;
}

export type EditorAction =
  | { type: 'change'; patch: Partial<EditorLesson> }
  | { type: 'type-weight'; weight: string }
  | { type: 'suggest-weight'; weight: number }
  | { type: 'saving' }
  | { type: 'refused'; errors: Errors; formError?: string | null; stale?: boolean }
  | { type: 'reload'; lesson: EditorLesson }
  | { type: 'saved' };

export const initialEditorState = (lesson: EditorLesson): EditorState => ({
  lesson,
  weightTouched: lesson.id !== undefined,
  errors: {},
  formError: null,
  stale: false,
  saving: false,
});

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change':
      return { ...state, lesson: { ...state.lesson, ...action.patch } };
    case 'type-weight':
      return { ...state, weightTouched: true, lesson: { ...state.lesson, weight: action.weight } };
    case 'suggest-weight':
      return state.weightTouched ? state : { ...state, lesson: { ...state.lesson, weight: action.weight } };
    case 'saving':
      return { ...state, errors: {}, formError: null, saving: true };
    case 'refused':
      return {
        ...state,
        errors: action.errors,
        formError: action.formError ?? null,
        stale: action.stale ?? false,
        saving: false,
      };
    case 'reload':
      return initialEditorState(action.lesson);
    case 'saved':
      return { ...state, saving: false };
  }
}
