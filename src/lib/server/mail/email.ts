// The e-mails we send, as plain text and as HTML (the EmailLayout component). Every one goes
// through the outbox.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { emailOutbox } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getEnv } from '../platform/env.ts';
import { EmailLayout, type EmailLayoutProps, type EmailLink } from '../../../mail/EmailLayout.tsx';

export type EmailKind =
  | 'verify-email'
  | 'reset-password'
  | 'account-exists'
  | 'password-changed'
  | 'security-notice'
  | 'reminder-review'
  | 'reminder-streak';

/**
 * Requests queued by forgot-password and resend-verification, and the e-mail each may become: the
 * outbox worker asks the accounts module (composeRequestedEmail) whether to send it.
 */
export const REQUEST_KINDS = {
  'reset-password-request': 'reset-password',
  'verify-email-request': 'verify-email',
} as const;
export type RequestKind = keyof typeof REQUEST_KINDS;

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the reminders' List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** The e-mail's HTML: the EmailLayout component, rendered to static markup. */
function layout(title: string, paragraphs: string[], action?: EmailLink, footer?: EmailLayoutProps['footer']): string {
  return `<!doctype html>${renderToStaticMarkup(createElement(EmailLayout, { title, paragraphs, action, footer }))}`;
}

export function link(path: string, params: Record<string, string>): string {
  const url = new URL(path, getEnv().PUBLIC_URL + '/');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/**
 * The greeting: by name only to a verified address. Whoever signs up chooses the name, so a mail
 * to an address nobody has confirmed carries nothing they typed.
 */
function greeting(firstName: string | null): string {
  return firstName ? `Hi ${firstName},` : 'Hi,';
}

export function verificationEmail(to: string, token: string): EmailMessage {
  const url = link('/verify-email', { token });
  const lines = [
    greeting(null),
    'Welcome to Wealth Coach! Please confirm your e-mail address to finish creating your account.',
    'The link works for 24 hours.',
  ];
  return {
    kind: 'verify-email',
    to,
    subject: 'Confirm your e-mail address',
    text: `${lines.join('\n\n')}\n\nConfirm your e-mail: ${url}\n`,
    html: layout('Confirm your e-mail address', lines, { label: 'Verify my e-mail', url }),
  };
}

/** `firstName` only when the address is verified (see greeting). */
export function resetEmail(to: string, firstName: string | null, token: string): EmailMessage {
  const url = link('/reset-password', { token });
  const lines = [
    greeting(firstName),
    'Someone (hopefully you) asked to reset the password of your Wealth Coach account.',
    'The link works for 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  return {
    kind: 'reset-password',
    to,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Reset my password', url }),
  };
}

export function accountExistsEmail(to: string, firstName: string): EmailMessage {
  const url = link('/login', {});
  const lines = [
    greeting(firstName),
    'Someone tried to create a Wealth Coach account with this e-mail address, but you already have one.',
    'If it was you, just sign in. If you forgot your password, use "Forgot password" on the sign-in screen. If it was not you, you can ignore this e-mail.',
  ];
  return {
    kind: 'account-exists',
    to,
    subject: 'You already have an account',
    text: `${lines.join('\n\n')}\n\nSign in: ${url}\n`,
    html: layout('You already have an account', lines, { label: 'Sign in', url }),
  };
}

export function passwordChangedEmail(to: string, firstName: string): EmailMessage {
  const lines = [
    greeting(firstName),
    'The password of your Wealth Coach account was just changed, and every other device was signed out.',
    'If this was not you, reset your password right away with "Forgot password" and contact us.',
  ];
  return {
    kind: 'password-changed',
    to,
    subject: 'Your password was changed',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your password was changed', lines),
  };
}

/**
 * The reminders (opt-in, at most one a day): each carries its own unsubscribe token, in the
 * one-click List-Unsubscribe header (RFC 8058: the provider POSTs `List-Unsubscribe=One-Click` to
 * it) and in a link to a page that asks before unsubscribing (a GET never changes anything).
 */
function reminderLinks(token: string) {
  return {
    page: link('/unsubscribe', { token }),
    headers: {
      'List-Unsubscribe': `<${link('/api/reminders/unsubscribe', { token })}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const REMINDER_FOOTER = 'Wealth Coach · You get this because you turned on reminder e-mails (at most one a day).';

function reminderEmail(
  kind: 'reminder-review' | 'reminder-streak',
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
  token: string,
): EmailMessage {
  const { page, headers } = reminderLinks(token);
  const settings = link('/account', {});
  return {
    kind,
    to,
    subject,
    text: `${
      lines.join('\n\n')
    }\n\n${action.label}: ${action.url}\n\n--\n${REMINDER_FOOTER}\nStop these e-mails: ${page}\nChange your reminders: ${settings}\n`,
    html: layout(subject, lines, action, { text: REMINDER_FOOTER, link: { label: 'Stop these e-mails', url: page } }),
    headers,
  };
}

export function streakReminderEmail(
  to: string,
  firstName: string,
  streak: number,
  coveredIfMissed: boolean,
  token: string,
): EmailMessage {
  const days = streak === 1 ? '1-day' : `${streak}-day`;
  const lines = [
    greeting(firstName),
    `You have a ${days} streak. One lesson or one review today keeps it going.`,
    coveredIfMissed
      ? 'If today gets away from you, a streak freeze will cover it, but you can keep your freeze for another day.'
      : 'Nothing yet today, and no streak freeze is left to cover a missed day.',
  ];
  return reminderEmail('reminder-streak', to, `Keep your ${days} streak going`, lines, {
    label: 'Continue learning',
    url: link('/dashboard', {}),
  }, token);
}

export function reviewReminderEmail(to: string, firstName: string, due: number, token: string): EmailMessage {
  const questions = due === 1 ? '1 question you missed is' : `${due} questions you missed are`;
  const lines = [
    greeting(firstName),
    `${questions} due for review.`,
    'A few minutes of review now helps the answers stick.',
  ];
  return reminderEmail('reminder-review', to, 'Your review is due', lines, {
    label: 'Start your review',
    url: link('/review', {}),
  }, token);
}

/** Writes the e-mail to the outbox, in the caller's transaction. */
export async function enqueueEmail(tx: Executor, message: EmailMessage): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? {},
  });
}
