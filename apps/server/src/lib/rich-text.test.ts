import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.js';

describe('rich text', () => {
  it('keeps the editor formatting', () => {
    const html =
      '<h2>一、项目概况</h2><p><strong>110kV</strong> 变压器 <em>2</em> 台</p><ul><li>A</li></ul>' +
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>' +
      '<a href="https://example.cn/a" target="_blank">链接</a>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2>一、项目概况</h2>');
    expect(clean).toContain('<strong>110kV</strong>');
    expect(clean).toContain('<td colspan="2">x</td>');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('keeps every tag the web editor writes (the contract’s RICH_TEXT_TAGS), as it wrote them', () => {
    // What Tiptap's getHTML() gives for headings, marks, code, quotes and rules (the web's
    // rich-text-allow-list test holds the editor to the same list).
    const html =
      '<h3>二、要求</h3><h4>1. 资质</h4><p><u>下划线</u><s>删除</s><code>IEC 60076</code><br>换行</p>' +
      '<blockquote><p>引用</p></blockquote><pre><code>const a = 1;</code></pre><hr>' +
      '<ol><li><p>一</p></li></ol>';
    expect(sanitizeRichText(html)).toBe(html.replace('<hr>', '<hr />').replace('<br>', '<br />'));
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const clean = sanitizeRichText(
      '<p onclick="alert(1)">a</p><script>alert(2)</script><a href="javascript:alert(3)">b</a>' +
        '<img src=x onerror=alert(4)><style>p{}</style><iframe src="https://x"></iframe>',
    );
    expect(clean).toBe('<p>a</p><a>b</a>');
  });

  it('gives the plain text for search', () => {
    expect(richTextToPlain('<p>变压器&amp;开关柜</p><p>第&nbsp;2 批 &lt;A&gt;</p>')).toBe(
      '变压器&开关柜 第 2 批 <A>',
    );
  });
});
