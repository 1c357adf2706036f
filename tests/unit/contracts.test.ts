// The forms and the API agree (docs/STYLE.md, "one contract for client and server"). Each row is a
// value someone might type; the form's check (what the island runs before it sends) and the
// endpoint's check (readJson with the endpoint's schema, on the JSON that arrives) accept and
// refuse it alike, with the same message.
import { assertEquals } from '../helpers/assert.ts';
import { type SignUpFields, signUpProblems } from '../../src/lib/account-fields.ts';
import { lessonFormSchema } from '../../src/lib/lesson-form.ts';
import { checkSetPassword, messages } from '../../src/lib/password-rules.ts';
import { PHONE_INVALID, phoneProblem, phoneShapeProblem } from '../../src/lib/phone.ts';
import { setPasswordSchema, signupSchema } from '../../src/lib/schemas.ts';
import { ADMIN_BODY_LIMIT, HttpError, parseJsonText, validateBody } from '../../src/lib/server/platform/http.ts';
import type { z } from 'zod';

/** The endpoint's verdict on a body: its field errors, or {} when it is accepted. */
function apiErrors(schema: z.ZodType, body: unknown, limit?: number): Record<string, string> {
  const text = JSON.stringify(body);
  try {
    if (limit !== undefined && text.length > limit) throw new HttpError(413, 'Request body is too large');
    validateBody(parseJsonText(text), schema);
    return {};
  } catch (error) {
    if (error instanceof HttpError && error.errors) return error.errors;
    throw error;
  }
}

const good: SignUpFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '',
  password: 'long-enough',
};

// [field, value, the message both give, or null when both accept it]
const signUpRows: Array<[keyof SignUpFields, string, string | null]> = [
  ['email', 'ada@example.com', null],
  ['email', '  ada@example.com  ', null],
  ['email', 'first.last+tag@mail.example.co.uk', null],
  ['email', '', 'Email is required'],
  ['email', '   ', 'Email is required'],
  ['email', 'ada', 'Please enter a valid email address'],
  ['email', 'ada@example', 'Please enter a valid email address'],
  ['email', 'ada@@example.com', 'Please enter a valid email address'],
  ['email', 'ada@example.c', 'Please enter a valid email address'],
  ['email', '.ada@example.com', 'Please enter a valid email address'],
  ['email', 'ada..b@example.com', 'Please enter a valid email address'],
  ['email', 'ada lovelace@example.com', 'Please enter a valid email address'],
  ['email', `${'a'.repeat(250)}@x.io`, 'Email is too long'],
  ['firstName', 'Ada', null],
  ['firstName', '  Ada  ', null],
  ['firstName', 'x'.repeat(100), null],
  ['firstName', '', 'First name is required'],
  ['firstName', '   ', 'First name is required'],
  ['firstName', 'x'.repeat(101), 'First name must be at most 100 characters'],
  ['lastName', "O'Brien-Smith", null],
  ['lastName', '', 'Last name is required'],
  ['lastName', 'x'.repeat(101), 'Last name must be at most 100 characters'],
  ['password', 'long-enough', null],
  ['password', ' eight888 ', messages.edgeSpace], // issue 50: no edge spaces in a new password
  ['password', 'x'.repeat(256), null],
  ['password', '', 'Password is required'],
  ['password', '        ', 'Password is required'],
  ['password', 'short', messages.tooShort],
  ['password', '  seven77  ', messages.edgeSpace],
  ['password', 'x'.repeat(257), messages.tooLong],
  ['phoneNumber', '', null],
  ['phoneNumber', '+12133734253', null],
  ['phoneNumber', '+15551234567', null],
  ['phoneNumber', '+447700900123', null],
  ['phoneNumber', '+4915112345678', null],
  ['phoneNumber', '+33145453245', null],
  ['phoneNumber', '+112', PHONE_INVALID],
  ['phoneNumber', '12133734253', PHONE_INVALID],
  ['phoneNumber', '+1 213 373 4253', PHONE_INVALID],
  ['phoneNumber', '+1213abc4253', PHONE_INVALID],
  ['phoneNumber', `+${'1'.repeat(19)}`, PHONE_INVALID],
];

for (const [field, value, expected] of signUpRows) {
  Deno.test(`sign-up: the form and the API agree on ${field} ${JSON.stringify(value.length > 30 ? `${value.slice(0, 12)}…(${value.length})` : value)}`, async () => {
    const fields = { ...good, [field]: value };
    assertEquals(signUpProblems(fields)[field] ?? null, expected, 'the form');
    assertEquals((await apiErrors(signupSchema, fields))[field] ?? null, expected, 'the API');
  });
}

// The form's light phone check lets these through (it ships no numbering metadata); the server,
// which is authoritative, refuses them and the form shows its message beside the field.
const serverOnlyPhones = [
  '+12133', // too short for +1
  '+121337342539', // too long for +1
  '+999123456', // no such country calling code
  '+441234', // too short for +44
];

Deno.test('phone: what the form lets through but the server refuses is a known, short list', async () => {
  for (const phone of serverOnlyPhones) {
    assertEquals(phoneShapeProblem(phone), null, `the form lets ${phone} through`);
    assertEquals(phoneProblem(phone), PHONE_INVALID, `the server refuses ${phone}`);
    assertEquals((await apiErrors(signupSchema, { ...good, phoneNumber: phone })).phoneNumber, PHONE_INVALID);
  }
});

Deno.test('phone: the form never refuses a number the server accepts', () => {
  for (const [field, value] of signUpRows) {
    if (field === 'phoneNumber' && phoneProblem(value) === null) assertEquals(phoneShapeProblem(value), null, value);
  }
});

// Set password: the sign-up rules, as on every password screen; the form's confirmation is its own.
const setPasswordRows: Array<[string, string | null]> = [
  ['Abcdefg1', null],
  ['  Abcdefg1  ', messages.edgeSpace],
  ['abcdefgh', null],
  ['ABCDEFGH', null],
  ['', messages.tooShort],
  ['Ab1', messages.tooShort],
  ['  Abcdef1  ', messages.edgeSpace],
  [`Ab1${'x'.repeat(254)}`, messages.tooLong],
];

for (const [password, expected] of setPasswordRows) {
  Deno.test(`set password: the form and the API agree on ${JSON.stringify(password.length > 30 ? `${password.slice(0, 8)}…` : password)}`, async () => {
    assertEquals(checkSetPassword(password, password), expected, 'the form');
    assertEquals((await apiErrors(setPasswordSchema, { password })).password ?? null, expected, 'the API');
  });
}

// Lesson fields: the editor checks its payload with lessonFormSchema before it sends; the API
// reads the same payload after a JSON round trip (undefined dropped, numbers as sent).
const lesson = {
  title: 'Emergency funds',
  pillar: 'saving',
  level: 'beginner',
  orderIndex: 2,
  duration: 10,
  weight: 6.67,
  sections: [{ header: 'Why', subheader: '', content: 'Three months of costs.' }],
  learningObjectives: ['Size a fund', ''],
  questions: [{ question: 'How many months?', options: ['1', '3', '12', '0'], correctAnswer: 1, explanation: '' }],
};

const lessonRows: Array<[string, Record<string, unknown>, Record<string, string>]> = [
  ['a complete lesson', {}, {}],
  ['numbers typed as text', { orderIndex: '3', duration: ' 12 ', weight: '7.5' }, {}],
  ['no weight (the server suggests one)', { weight: undefined }, {}],
  ['an empty title', { title: '  ' }, { title: 'Title is required' }],
  ['a pillar outside the set', { pillar: 'budgeting' }, { pillar: 'Pillar must be saving, credit or investing' }],
  ['no level', { level: undefined }, { level: 'Choose a level for the lesson' }],
  ['a level not in the set', { level: 'expert' }, { level: 'Level must be beginner, intermediate or advanced' }],
  ['an order that is not whole', { orderIndex: '1.5' }, { orderIndex: 'Order must be a whole number' }],
  ['an order of 0', { orderIndex: 0 }, { orderIndex: 'Order must be at least 1' }],
  ['a duration that is not a number', { duration: 'ten' }, { duration: 'Duration must be a whole number' }],
  ['a weight over 100', { weight: 100.5 }, { weight: 'Weight must be from 0 to 100' }],
  ['a weight finer than 0.01', { weight: '6.667' }, { weight: 'Weight goes in steps of 0.01' }],
  ['no sections', { sections: [] }, { sections: 'Add at least one section' }],
  ['an empty section', { sections: [{ content: ' ' }] }, { 'sections.0.content': 'Section content is required' }],
  ['three options', { questions: [{ question: 'Q?', options: ['a', 'b', 'c'], correctAnswer: 0 }] }, {
    'questions.0.options': 'Fill in all four options',
  }],
  ['an empty option', { questions: [{ question: 'Q?', options: ['a', '', 'c', 'd'], correctAnswer: 0 }] }, {
    'questions.0.options': 'Fill in all four options',
  }],
  ['no correct option', { questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'] }] }, {
    'questions.0.correctAnswer': 'Choose the correct option',
  }],
  ['a correct option out of range', {
    questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 4 }],
  }, { 'questions.0.correctAnswer': 'Choose the correct option' }],
];

for (const [name, change, expected] of lessonRows) {
  Deno.test(`lesson editor and API agree: ${name}`, async () => {
    const payload = { ...lesson, ...change };
    const check = lessonFormSchema.safeParse(payload);
    const form: Record<string, string> = {};
    if (!check.success) { for (const issue of check.error.issues) form[issue.path.join('.')] ??= issue.message; }
    assertEquals(form, expected, 'the editor');
    assertEquals(await apiErrors(lessonFormSchema, payload, ADMIN_BODY_LIMIT), expected, 'the API');
  });
}
