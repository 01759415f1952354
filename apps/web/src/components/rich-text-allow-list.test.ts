import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import { RICH_TEXT_TAGS } from '@tender/contracts/rich-text';
import { sanitizeHtml } from './RichText';
import { richTextExtensions } from './RichTextEditorImpl';

const text = (value: string, marks: { type: string; attrs?: object }[] = []) => ({
  type: 'text',
  text: value,
  ...(marks.length > 0 && { marks }),
});
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });

/** A document with every node and mark the editor can make, by toolbar, shortcut or typing. */
const EVERYTHING = {
  type: 'doc',
  content: [
    ...[2, 3, 4].map((level) => ({
      type: 'heading',
      attrs: { level },
      content: [text(`标题 ${level}`)],
    })),
    paragraph(
      text('加粗', [{ type: 'bold' }]),
      text('斜体', [{ type: 'italic' }]),
      text('下划线', [{ type: 'underline' }]),
      text('删除', [{ type: 'strike' }]),
      text('代码', [{ type: 'code' }]),
      { type: 'hardBreak' },
      text('链接', [{ type: 'link', attrs: { href: 'https://example.cn/a' } }]),
    ),
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('一'))] }] },
    { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph(text('二'))] }] },
    { type: 'blockquote', content: [paragraph(text('引用'))] },
    { type: 'codeBlock', content: [text('const a = 1;')] },
    { type: 'horizontalRule' },
  ],
};

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const tagsOf = (html: string) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return new Set([...body.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()));
};

describe('the rich-text allow-list (contracts) and the editor', () => {
  it('allows every tag the editor writes, so the sanitisers keep what was typed', () => {
    editor = new Editor({ extensions: richTextExtensions(), content: EVERYTHING });
    const html = editor.getHTML();
    const tags = tagsOf(html);
    expect([...tags].filter((tag) => !(RICH_TEXT_TAGS as readonly string[]).includes(tag))).toEqual(
      [],
    );
    // The nodes above make these; none is lost on the way.
    for (const tag of ['h2', 'h4', 'u', 's', 'code', 'pre', 'blockquote', 'hr', 'a', 'br'])
      expect(tags).toContain(tag);
    expect(tagsOf(sanitizeHtml(html))).toEqual(tags);
  });

  it('offers no heading the list leaves out', () => {
    editor = new Editor({
      extensions: richTextExtensions(),
      content: '<h1>标题</h1><h5>小节</h5>',
    });
    expect(tagsOf(editor.getHTML())).toEqual(new Set(['p']));
  });
});
