// ReactIsland's markup cache: the same props give React's markup without rendering again,
// different props render, and the cache stays within its size.
const islandMarkup = (component: Parameters<typeof islandParts>[0], json: string) =>
  islandParts(component, json).markup;
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { assertEquals } from '../helpers/assert.ts';
import { islandParts, MARKUP_CACHE_CHARS } from '../../src/components/island/render.ts';

Deno.test('an island renders once per distinct props, and its markup is what React makes', () => {
  let renders = 0;
  const Greeting = ({ name }: { name: string }) => {
    renders++;
    return createElement('p', null, `Hello, ${name}!`);
  };
  const json = JSON.stringify({ name: '<Ada>' });
  const first = islandMarkup(Greeting, json);
  assertEquals(first, renderToString(createElement(Greeting, { name: '<Ada>' })));
  renders = 0;
  assertEquals(islandMarkup(Greeting, json), first);
  assertEquals(renders, 0, 'unchanged props reuse the markup');
  assertEquals(islandMarkup(Greeting, JSON.stringify({ name: 'Grace' })), '<p>Hello, Grace!</p>');
  assertEquals(renders, 1, 'new props render');
  // Another component with the same props is not confused with the first.
  const Other = ({ name }: { name: string }) => createElement('b', null, name);
  assertEquals(islandMarkup(Other, json), '<b>&lt;Ada&gt;</b>');
});

Deno.test('the markup cache forgets the least recently used entries beyond its size', () => {
  let renders = 0;
  const Big = ({ i, pad }: { i: number; pad: string }) => {
    renders++;
    return createElement('div', { 'data-i': i }, pad);
  };
  const pad = 'x'.repeat(MARKUP_CACHE_CHARS / 64);
  const props = (i: number) => JSON.stringify({ i, pad });
  for (let i = 0; i < 40; i++) islandMarkup(Big, props(i));
  renders = 0;
  islandMarkup(Big, props(39));
  assertEquals(renders, 0, 'the newest is kept');
  for (let i = 40; i < 140; i++) islandMarkup(Big, props(i));
  renders = 0;
  islandMarkup(Big, props(0));
  assertEquals(renders, 1, 'the oldest was forgotten');
});

Deno.test('island markup is ASCII: other characters become references a browser reads as the same text', () => {
  const Note = ({ text, title }: { text: string; title: string }) => createElement('p', { title }, text);
  const props = { text: 'Save 10% — then invest 🙂', title: 'Zoë’s plan' };
  const markup = islandMarkup(Note, JSON.stringify(props));
  assertEquals(/[^\x00-\x7f]/.test(markup), false, markup);
  const decoded = markup.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
  assertEquals(decoded, renderToString(createElement(Note, props)).replace(/&#x27;/g, "'"));
  const { json } = islandParts(Note, JSON.stringify(props));
  assertEquals([/[^\x00-\x7f]/.test(json), JSON.parse(json)], [false, props]);
});
