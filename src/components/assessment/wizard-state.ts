// The assessment wizard's state: where the learner is, what they answered, and the save.
import type { Answers, PillarScores } from '../../lib/assessment.ts';

export interface WizardState {
  index: number;
  answers: Answers;
  /** The answers kept in this browser have been read (or there were none). */
  restored: boolean;
  saving: boolean;
  error: string | null;
  result: PillarScores | null;
  confirmClear: boolean;
}

export type WizardAction =
  | { type: 'restored'; saved: SavedProgress | null; total: number }
  | { type: 'choose'; questionId: number | string; value: string }
  | { type: 'go'; index: number }
  | { type: 'ask-clear' }
  | { type: 'keep' }
  | { type: 'clear' }
  | { type: 'saving' }
  | { type: 'failed'; error: string | null }
  | { type: 'scored'; result: PillarScores };

export const initialWizardState: WizardState = {
  index: 0,
  answers: {},
  restored: false,
  saving: false,
  error: null,
  result: null,
  confirmClear: false,
};

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'restored': {
      const { saved, total } = action;
      if (!saved) return { ...state, restored: true };
      return { ...state, restored: true, answers: saved.answers, index: Math.min(Math.max(0, saved.index), total - 1) };
    }
    case 'choose':
      return { ...state, answers: { ...state.answers, [String(action.questionId)]: action.value }, error: null };
    case 'go':
      return { ...state, index: action.index };
    case 'ask-clear':
      return { ...state, confirmClear: true };
    case 'keep':
      return { ...state, confirmClear: false };
    case 'clear':
      return { ...state, confirmClear: false, answers: {}, index: 0, error: null };
    case 'saving':
      return { ...state, saving: true, error: null };
    case 'failed':
      return { ...state, saving: false, error: action.error };
    case 'scored':
      return { ...state, saving: false, result: action.result };
  }
}

// Answers in progress survive a reload, kept in this browser only.
interface SavedProgress {
  answers: Answers;
  index: number;
}
const storageKey = (userId: string) => `assessment-progress:${userId}`;

export function readProgress(userId: string): SavedProgress | null {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as SavedProgress | null;
    return saved && saved.answers && typeof saved.index === 'number' ? saved : null;
  } catch {
    return null; // unreadable: start over
  }
}

export function keepProgress(userId: string, progress: SavedProgress) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(progress));
  } catch {
    // storage unavailable: progress is kept for this page only
  }
}

export function forgetProgress(userId: string) {
  try {
    localStorage.removeItem(storageKey(userId));
  } catch {
    // nothing stored
  }
}
