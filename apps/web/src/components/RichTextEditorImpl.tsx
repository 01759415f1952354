import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { RICH_TEXT_HEADING_LEVELS } from '@tender/contracts/rich-text';
import { Button, Divider, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/** What the editor writes: no more than the contract's RICH_TEXT_TAGS (its test holds it to them). */
export const richTextExtensions = () => [
  // StarterKit 3 brings its own Link; ours replaces it with safe defaults.
  StarterKit.configure({ link: false, heading: { levels: [...RICH_TEXT_HEADING_LEVELS] } }),
  Link.configure({
    openOnClick: false,
    protocols: ['http', 'https', 'mailto'],
    HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
  }),
];

/** The Tiptap editor itself; loaded on demand by RichTextEditor. */
export default function RichTextEditorImpl({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'rich-text rich-text-editor-body',
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the form loading a record) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (title: string, active: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        onClick={run}
      />
    </Tooltip>
  );
  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('链接地址（http:// 或 https://）', previous ?? 'https://');
    if (href === null) return;
    if (href === '') chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(href))
      chain().extendMarkRange('link').setLink({ href }).run();
  };

  return (
    <div className="rich-text-editor">
      <Space size={2} wrap className="rich-text-toolbar">
        {tool('加粗', !!state?.bold, <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('斜体', !!state?.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('删除线', !!state?.strike, <StrikethroughOutlined />, () =>
          chain().toggleStrike().run(),
        )}
        <Divider orientation="vertical" />
        {tool('二级标题', !!state?.h2, <b>H2</b>, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('三级标题', !!state?.h3, <b>H3</b>, () => chain().toggleHeading({ level: 3 }).run())}
        {tool('无序列表', !!state?.bullet, <UnorderedListOutlined />, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('有序列表', !!state?.ordered, <OrderedListOutlined />, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('链接', !!state?.link, <LinkOutlined />, setLink)}
        <Divider orientation="vertical" />
        {tool('撤销', false, <UndoOutlined />, () => chain().undo().run())}
        {tool('重做', false, <RedoOutlined />, () => chain().redo().run())}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
