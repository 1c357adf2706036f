// Lesson text is simple markdown (bold, italic, bullets, line breaks) written by authors and
// shown to learners: it is rendered with marked and then sanitized, so it can never run script.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: true, async: false });

const policy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'code', 'blockquote', 'h3', 'h4', 'hr'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    h1: 'h3',
    h2: 'h3',
  },
  disallowedTagsMode: 'escape',
};

/** The lesson page inserts the result unescaped: the sanitizer is what makes that safe. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source ?? '') as string;
  return sanitizeHtml(html, policy);
}
