// The HTML of every e-mail we send (src/lib/server/mail/email.ts writes the plain-text version beside
// it and renders this on the server with react-dom/server; it is never an island). React escapes
// every value, a learner's first name included, and refuses javascript: links. Inline styles
// only: mail clients drop <style> elements and classes.
import type { CSSProperties } from 'react';

export interface EmailLink {
  label: string;
  url: string;
}

export interface EmailLayoutProps {
  title: string;
  paragraphs: readonly string[];
  /** The one button of the e-mail, with its link also written out for clients that hide buttons. */
  action?: EmailLink;
  /** Why the reader got the e-mail, and a link to stop them (the reminders). */
  footer?: { text: string; link: EmailLink };
}

const DEFAULT_FOOTER = 'Wealth Coach · You received this because of activity on your account.';

const styles = {
  body: { fontFamily: 'system-ui,sans-serif', color: '#0f172a', maxWidth: 560, margin: '0 auto', padding: 24 },
  title: { fontSize: 20, color: '#047857' },
  paragraph: { margin: '0 0 16px' },
  actionRow: { margin: '24px 0' },
  button: {
    background: '#047857',
    color: '#fff',
    padding: '12px 20px',
    borderRadius: 8,
    textDecoration: 'none',
    fontWeight: 600,
  },
  pasteLink: { margin: '0 0 16px', color: '#475569', fontSize: 14 },
  footer: { color: '#64748b', fontSize: 13 },
  footerLink: { color: '#475569' },
} satisfies Record<string, CSSProperties>;

export function EmailLayout({ title, paragraphs, action, footer }: EmailLayoutProps) {
  return (
    <html lang='en'>
      <head>
        <meta charSet='utf-8' />
        <title>{title}</title>
      </head>
      <body style={styles.body}>
        <h1 style={styles.title}>{title}</h1>
        {paragraphs.map((p, i) => (
          <p key={i} style={styles.paragraph}>
            {p}
          </p>
        ))}
        {action && (
          <>
            <p style={styles.actionRow}>
              <a href={action.url} style={styles.button}>
                {action.label}
              </a>
            </p>
            <p style={styles.pasteLink}>
              Or paste this link into your browser:
              <br />
              {action.url}
            </p>
          </>
        )}
        <p style={styles.footer}>
          {footer
            ? (
              <>
                {footer.text}{' '}
                <a href={footer.link.url} style={styles.footerLink}>
                  {footer.link.label}
                </a>
              </>
            )
            : DEFAULT_FOOTER}
        </p>
      </body>
    </html>
  );
}
