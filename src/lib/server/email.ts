// The e-mails we send, as plain text and simple HTML. Every one goes through the outbox.
import { emailOutbox } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import { getEnv } from './env.ts';

export type EmailKind = 'verify-email' | 'reset-password' | 'account-exists' | 'password-changed';

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#475569;font-size:14px">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#047857">${escapeHtml(title)}</h1>${body}${button}<p style="color:#64748b;font-size:13px">Wealth Coach · You received this because of activity on your account.</p></body></html>`;
}

export function link(path: string, params: Record<string, string>): string {
  const url = new URL(path, getEnv().PUBLIC_URL + '/');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

export function verificationEmail(to: string, firstName: string, token: string): EmailMessage {
  const url = link('/verify-email', { token });
  const lines = [`Hi ${firstName},`, 'Welcome to Wealth Coach! Please confirm your e-mail address to finish creating your account.', 'The link works for 24 hours.'];
  return {
    kind: 'verify-email',
    to,
    subject: 'Confirm your e-mail address',
    text: `${lines.join('\n\n')}\n\nConfirm your e-mail: ${url}\n`,
    html: layout('Confirm your e-mail address', lines, { label: 'Verify my e-mail', url }),
  };
}

export function resetEmail(to: string, firstName: string, token: string): EmailMessage {
  const url = link('/reset-password', { token });
  const lines = [
    `Hi ${firstName},`,
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
    `Hi ${firstName},`,
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
    `Hi ${firstName},`,
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

/** Writes the e-mail to the outbox, in the caller's transaction. */
export async function enqueueEmail(tx: Executor, message: EmailMessage): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
}
