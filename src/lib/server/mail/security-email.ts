// The account-security notices (issue 51): a factor added or removed, a recovery code used,
// sessions ended. Each says what happened and what to do if it was not the reader.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EmailLayout } from '../../../mail/EmailLayout.tsx';
import { type EmailMessage, link } from './email.ts';

export type SecurityEvent =
  | { kind: 'factor-added'; factor: string }
  | { kind: 'factor-removed'; factor: string }
  | { kind: 'factors-reset' }
  | { kind: 'recovery-code-used'; remaining: number }
  | { kind: 'sessions-ended'; count: number; byAdmin?: boolean };

function describe(event: SecurityEvent): { subject: string; line: string } {
  switch (event.kind) {
    case 'factor-added':
      return {
        subject: 'A second factor was added to your account',
        line:
          `${event.factor} was added as a second factor of your Wealth Coach account, and every other device was signed out.`,
      };
    case 'factor-removed':
      return {
        subject: 'A second factor was removed from your account',
        line:
          `${event.factor} was removed from the second factors of your Wealth Coach account, and every other device was signed out.`,
      };
    case 'factors-reset':
      return {
        subject: 'Your second factors were reset',
        line:
          'An administrator removed every second factor and recovery code of your Wealth Coach account and signed out every device.',
      };
    case 'recovery-code-used':
      return {
        subject: 'A recovery code was used',
        line:
          `A recovery code was just used to sign in to your Wealth Coach account. ${event.remaining} of your codes are left.`,
      };
    case 'sessions-ended': {
      const who = event.byAdmin ? 'An administrator signed out' : 'You signed out';
      const devices = event.count === 1 ? '1 device' : `${event.count} devices`;
      return { subject: 'Devices were signed out', line: `${who} ${devices} from your Wealth Coach account.` };
    }
  }
}

export function securityNoticeEmail(to: string, firstName: string, event: SecurityEvent): EmailMessage {
  const { subject, line } = describe(event);
  const url = link('/account', {});
  const lines = [
    `Hi ${firstName},`,
    line,
    'If this was not you, reset your password right away with "Forgot password", review your devices and second factors in your account, and contact us.',
  ];
  const action = { label: 'Review your account', url };
  return {
    kind: 'security-notice',
    to,
    subject,
    text: `${lines.join('\n\n')}\n\nYour account: ${url}\n`,
    html: `<!doctype html>${
      renderToStaticMarkup(createElement(EmailLayout, { title: subject, paragraphs: lines, action }))
    }`,
  };
}
