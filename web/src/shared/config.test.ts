import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

function docWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'bidpass-config';
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

describe('readConfig', () => {
  it('reads what the server injects', () => {
    expect(readConfig(docWith('{"dev":true,"siteTitle":"某平台","helpPhone":"400-000-0000","helpQQ":"12345","certServices":{"bjca":["ws://127.0.0.1:21051"],"bad":[1]}}'))).toEqual({
      dev: true,
      siteTitle: '某平台',
      helpPhone: '400-000-0000',
      helpQQ: '12345',
      certServices: { bjca: ['ws://127.0.0.1:21051'] },
    });
  });

  it.each([
    ['no tag', null],
    ['the placeholder of index.html', '{}'],
    ['malformed JSON', '{dev:'],
    ['wrong types', '{"dev":"yes","siteTitle":7}'],
  ])('falls back to the defaults with %s', (_, content) => {
    expect(readConfig(docWith(content))).toEqual({ dev: false, siteTitle: '公路桥梁电子招标采购交易平台', helpPhone: '', helpQQ: '', certServices: {} });
  });
});
