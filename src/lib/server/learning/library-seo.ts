// What search engines read of the library (issue 42): schema.org JSON-LD for /learn (ItemList)
// and a lesson (LearningResource), each with its BreadcrumbList. Pages write them with
// jsonForScript (src/lib/safe-markup.ts).
import type { Lesson } from '../../../../db/schema.ts';
import { LEVEL_LABELS, PILLAR_LABELS } from '../../domain.ts';
import { isoMinutes } from '../../library.ts';
import type { LibraryEntry } from './library.ts';
import { getEnv } from '../platform/env.ts';

/** The public origin every canonical and structured-data URL is on: PUBLIC_URL as the server runs. */
export function publicSite(): URL {
  return new URL(`${getEnv().PUBLIC_URL}/`);
}

// Joined, not parsed: /learn lists every lesson, and a URL parse each is most of its JSON-LD's cost.
const lessonUrl = (site: URL, slug: string) => `${site.origin}/learn/${encodeURIComponent(slug)}`;

function breadcrumbs(site: URL, trail: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: new URL(step.path, site).href,
    })),
  };
}

const LIBRARY_TRAIL = [{ name: 'Home', path: '/' }, { name: 'Lesson library', path: '/learn' }];

/** /learn: the lessons shown, in order, and where the library sits. */
export function libraryJsonLd(site: URL, entries: readonly LibraryEntry[]): unknown[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Wealth Coach lesson library',
      url: new URL('/learn', site).href,
      numberOfItems: entries.length,
      itemListElement: entries.map((entry, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: lessonUrl(site, entry.slug),
        name: entry.title,
      })),
    },
    breadcrumbs(site, LIBRARY_TRAIL),
  ];
}

/** The date a lesson was last changed as schema.org wants it: its review date, else its last save. */
export function lessonModified(lesson: Pick<Lesson, 'reviewedAt' | 'updatedAt'>): string {
  return lesson.reviewedAt ?? lesson.updatedAt.toISOString().slice(0, 10);
}

/** A lesson: what it teaches, for whom, how long it takes and when it was last reviewed. */
export function lessonJsonLd(site: URL, lesson: Lesson, image: string): unknown[] {
  const url = lessonUrl(site, lesson.slug);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'LearningResource',
      '@id': url,
      url,
      name: lesson.title,
      description: lesson.summary,
      image: new URL(image, site).href,
      inLanguage: 'en',
      isAccessibleForFree: true,
      learningResourceType: 'Lesson',
      educationalLevel: LEVEL_LABELS[lesson.level],
      teaches: lesson.learningObjectives,
      about: PILLAR_LABELS[lesson.pillar],
      timeRequired: isoMinutes(lesson.duration),
      dateModified: lessonModified(lesson),
      isPartOf: { '@type': 'ItemList', name: 'Wealth Coach lesson library', url: new URL('/learn', site).href },
      provider: { '@type': 'Organization', name: 'Wealth Coach', url: site.href },
      citation: lesson.sources.map((s) => s.url).filter((u) => /^https?:\/\//.test(u)),
    },
    breadcrumbs(site, [...LIBRARY_TRAIL, { name: lesson.title, path: `/learn/${lesson.slug}` }]),
  ];
}
