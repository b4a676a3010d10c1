import { describe, expect, it } from 'vitest';
import { plainSendForm, type SendForm, sendFormHtml } from '#lab/console/send-form';

const WORDS = { stack: 'Stack', bodyHint: 'The body:' };

const FORM: SendForm = {
  route: 'orders',
  body: '{"sku":"<a>"}',
  stacks: [
    {
      stackName: 'Shop',
      fields: [
        { name: 'sku', input: 'text', value: 'a"b', hint: { en: 'the <item>', ja: '商品' } },
        { name: 'qty', input: 'number', value: 2, min: 1, max: 9, step: 1, hint: { en: 'how many', ja: '数' } },
        { name: 'gift', input: 'checkbox', value: true, hint: { en: 'wrap it', ja: '包む' } },
      ],
    },
    { stackName: 'Returns', fields: [{ name: 'why', input: 'text', hint: { en: 'reason', ja: '理由' } }] },
  ],
};

describe('sendFormHtml', () => {
  it("offers the app's stacks, shows the first one's fields and hides the others'", () => {
    const html = sendFormHtml(FORM, 'en', WORDS);
    expect(html).toContain('<select id="stack"><option>Shop</option><option>Returns</option></select>');
    expect(html).toContain('<fieldset data-stack-fields="Shop">');
    expect(html).toContain('<fieldset data-stack-fields="Returns" hidden>');
    expect(html).toContain('<button id="send">POST /orders</button>');
  });

  it('writes each field as the browser code reads it: data-field, its type, value and limits', () => {
    const html = sendFormHtml(FORM, 'en', WORDS);
    expect(html).toContain('<input type="number" id="qty" data-field="qty" value="2" min="1" max="9" step="1">');
    expect(html).toContain('<input type="checkbox" id="gift" data-field="gift" checked>');
    expect(html).toContain('<input type="text" id="why" data-field="why">');
  });

  it("escapes the app's words and values, and speaks the asked language", () => {
    const english = sendFormHtml(FORM, 'en', WORDS);
    expect(english).toContain('value="a&#34;b"');
    expect(english).toContain('the &#60;item&#62;');
    expect(english).toContain('<textarea id="body">{&#34;sku&#34;:&#34;&#60;a&#62;&#34;}</textarea>');
    expect(sendFormHtml(FORM, 'ja', WORDS)).toContain('<span class="hint">商品</span>');
  });
});

describe('plainSendForm', () => {
  it('posts to enqueue with no field and an empty body, for the stacks given', () => {
    expect(plainSendForm(['A', 'B'])).toEqual({
      route: 'enqueue',
      body: '{}',
      stacks: [
        { stackName: 'A', fields: [] },
        { stackName: 'B', fields: [] },
      ],
    });
  });
});
