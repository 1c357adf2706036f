import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { api } from '../api.ts';
import type { ProgressScreenData, UserProgress } from '../../lib/server/learning/progress.ts';
import type { QuizAnalytics } from '../../lib/server/learning/analytics.ts';
import { useRefreshOnVisible } from '../ui/useRefreshOnVisible.ts';
import { type IslandData, readIslandData, readPageData } from '../ui/island-data.ts';
import { chartPointsOf } from '../../lib/progress.ts';
import type { RecentAttemptData } from '../../../db/schema.ts';
import AnalyticsTab from './AnalyticsTab.tsx';
import DetailTab from './DetailTab.tsx';
import OverviewTab from './OverviewTab.tsx';
import PerformanceTab from './PerformanceTab.tsx';

type Data = ProgressScreenData;

/** The screen's figures whole: the first tab's from the props, the history from the page's JSON blocks. */
function wholeData(
  first: Data['first'],
  tabs: Data['tabs'] | null,
  recent: RecentAttemptData[] | null,
): { progress: UserProgress; analytics: QuizAnalytics } {
  return {
    progress: { ...first.progress, scoreProgression: chartPointsOf(recent ?? []) },
    analytics: { ...first.analytics, mostMissed: tabs?.mostMissed ?? [] },
  };
}

const TABS = ['Overview', 'Performance', 'Quiz Analytics', 'Detailed Progress'] as const;
type Tab = (typeof TABS)[number];

/** The progress screen: four tabs (arrow keys, Home and End move between them), refreshed when shown again. */
export default function ProgressScreen(
  { data, tabsData, recentData }: { data: IslandData<Data['first']>; tabsData: string; recentData: string },
) {
  // The server renders only the first tab, which shows none of the history (so no mismatch here).
  const [{ progress: initialProgress, analytics: initialAnalytics }] = useState(() =>
    wholeData(
      readIslandData(data),
      readPageData<Data['tabs']>(tabsData),
      readPageData<RecentAttemptData[]>(recentData),
    )
  );
  const [tab, setTab] = useState<Tab>('Overview');
  const [progress, setProgress] = useState(initialProgress);
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useRefreshOnVisible(() => {
    Promise.all([api<UserProgress>('/api/user/progress'), api<QuizAnalytics>('/api/user/quiz-analytics')])
      .then(([p, a]) => {
        if (p.ok && p.data) setProgress(p.data);
        if (a.ok && a.data) setAnalytics(a.data);
      })
      .catch((error) => console.warn('Progress refresh failed', error));
  });

  function onTabKey(event: KeyboardEvent, index: number) {
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : null;
    if (!move && jump === null) return;
    event.preventDefault();
    const next = jump ?? (index + move + TABS.length) % TABS.length;
    setTab(TABS[next]);
    tabRefs.current[next]?.focus();
  }

  const panels: Record<Tab, () => ReactNode> = {
    Overview: () => <OverviewTab progress={progress} />,
    Performance: () => <PerformanceTab progress={progress} />,
    'Quiz Analytics': () => <AnalyticsTab analytics={analytics} />,
    'Detailed Progress': () => <DetailTab progress={progress} />,
  };

  return (
    <div className='progress-screen'>
      {
        /* apexcharts skips injecting its own <style> (refused by our CSP) when this id exists;
          its stylesheet comes with our CSS instead. */
      }
      <span id='apexcharts-css' hidden />
      <div role='tablist' aria-label='Progress views' className='tablist'>
        {TABS.map((name, i) => (
          <button
            type='button'
            key={name}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role='tab'
            id={`tab-${i}`}
            aria-selected={tab === name}
            aria-controls={`panel-${i}`}
            tabIndex={tab === name ? 0 : -1}
            className='tab'
            onClick={() => setTab(name)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {name}
          </button>
        ))}
      </div>

      {TABS.map((name, i) => (
        <div
          key={name}
          role='tabpanel'
          id={`panel-${i}`}
          aria-labelledby={`tab-${i}`}
          hidden={tab !== name}
          tabIndex={0}
          className='panel'
        >
          {tab === name && panels[name]()}
        </div>
      ))}
    </div>
  );
}
