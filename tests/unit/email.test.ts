// The e-mails (src/lib/server/mail/email.ts): the HTML is the EmailLayout component, so a first name
// (the one thing in an e-mail a stranger can choose) is always text; the plain-text version stays.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { assert, assertEquals } from '../helpers/assert.ts';
import {
  accountExistsEmail,
  type EmailMessage,
  link,
  passwordChangedEmail,
  resetEmail,
  reviewReminderEmail,
  streakReminderEmail,
  verificationEmail,
} from '../../src/lib/server/mail/email.ts';

const NAMES = [
  'Avery',
  'Zoë 李',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  '</p></body><script>alert(1)</script>',
  '&lt;b&gt;bold&lt;/b&gt; &amp;',
  '${alert(1)}',
];

// Mails that greet by name: those to a verified address (the verification mail never does).
const emailsFor = (name: string): EmailMessage[] => [
  resetEmail('a@example.com', name, 'tok2'),
  accountExistsEmail('a@example.com', name),
  passwordChangedEmail('a@example.com', name),
  streakReminderEmail('a@example.com', name, 4, true, 'tok3'),
  reviewReminderEmail('a@example.com', name, 2, 'tok4'),
];

Deno.test('every e-mail shows the first name as text: no element, attribute or link comes from it', () => {
  for (const name of NAMES) {
    for (const mail of emailsFor(name)) {
      assert(mail.html.startsWith('<!doctype html><html lang="en">'), mail.html.slice(0, 80));
      const doc = parseDocument(mail.html, { decodeEntities: true });
      const elements = DomUtils.findAll(() => true, doc.children) as Element[];
      assertEquals(
        [...new Set(elements.map((e) => e.name))].filter((n) =>
          !['html', 'head', 'meta', 'title', 'body', 'h1', 'p', 'a', 'br'].includes(n)
        ),
        [],
        mail.kind,
      );
      for (const e of elements) {
        assert(
          Object.keys(e.attribs).every((a) => ['lang', 'charset', 'style', 'href'].includes(a.toLowerCase())),
          `${mail.kind}: ${JSON.stringify(e.attribs)}`,
        );
        if (e.attribs.href) assert(e.attribs.href.startsWith(link('/', {})), e.attribs.href);
      }
      const greeting = DomUtils.findOne((e) => e.name === 'p', doc.children)!;
      assertEquals(DomUtils.textContent(greeting), `Hi ${name},`);
      assert(mail.text.startsWith(`Hi ${name},\n\n`), 'the plain-text version keeps the name as typed');
    }
  }
});

Deno.test('a mail to an address nobody has verified carries no name: the verification mail, and a reset without one', () => {
  for (const mail of [verificationEmail('a@example.com', 'tok1'), resetEmail('a@example.com', null, 'tok2')]) {
    assert(mail.text.startsWith('Hi,\n\n'), mail.text.slice(0, 20));
    const doc = parseDocument(mail.html, { decodeEntities: true });
    assertEquals(DomUtils.textContent(DomUtils.findOne((e) => e.name === 'p', doc.children)!), 'Hi,');
  }
});

Deno.test('an e-mail with an action has the button, the pasteable link and the same link in its text', () => {
  const mail = resetEmail('a@example.com', 'Avery', 'tok2');
  const url = link('/reset-password', { token: 'tok2' });
  const doc = parseDocument(mail.html);
  const links = DomUtils.findAll((e) => e.name === 'a', doc.children);
  assertEquals(links.map((a) => [a.attribs.href, DomUtils.textContent(a)]), [[url, 'Reset my password']]);
  assert(DomUtils.textContent(doc).includes(`Or paste this link into your browser:${url}`));
  assert(mail.text.includes(`Reset your password: ${url}`));
  assertEquals(DomUtils.textContent(DomUtils.findOne((e) => e.name === 'h1', doc.children)!), 'Reset your password');
});

Deno.test('a reminder links to its unsubscribe page in the footer, in the HTML and in the text', () => {
  const mail = streakReminderEmail('a@example.com', 'Avery', 1, false, 'tok3');
  const page = link('/unsubscribe', { token: 'tok3' });
  const doc = parseDocument(mail.html);
  const links = DomUtils.findAll((e) => e.name === 'a', doc.children);
  assertEquals(links.map((a) => DomUtils.textContent(a)), ['Continue learning', 'Stop these e-mails']);
  assertEquals(links[1].attribs.href, page);
  assert(mail.text.includes(`Stop these e-mails: ${page}`));
  assertEquals(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
});
