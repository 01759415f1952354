import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditorImpl';

// Tiptap and ProseMirror load only when a form shows the editor: never in the public bundle.
const Impl = lazy(() => import('./RichTextEditorImpl'));

/** A rich-text form control (antd Form passes value / onChange); the HTML is sanitised on render. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 160 }} />}>
      <Impl {...props} />
    </Suspense>
  );
}
