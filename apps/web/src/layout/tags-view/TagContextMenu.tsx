import { useEffect } from 'react';
import type { VisitedView } from '@/stores/tags-view';
import { CONTEXT_MENU_WIDTH } from './tag-geometry';

export type TagCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export function TagContextMenu({
  tag,
  left,
  top,
  onCommand,
  onDismiss,
}: {
  tag: VisitedView;
  left: number;
  top: number;
  onCommand: (command: TagCommand) => void;
  onDismiss: () => void;
}) {
  useEffect(() => {
    document.addEventListener('click', onDismiss);
    return () => document.removeEventListener('click', onDismiss);
  }, [onDismiss]);

  const items: { command: TagCommand; label: string }[] = [
    { command: 'refresh', label: '刷新' },
    ...(tag.affix ? [] : [{ command: 'close' as const, label: '关闭' }]),
    { command: 'closeOthers', label: '关闭其他' },
    { command: 'closeAll', label: '全部关闭' },
  ];

  return (
    <ul className="tags-contextmenu" role="menu" style={{ left, top, width: CONTEXT_MENU_WIDTH }}>
      {items.map((item) => (
        <li key={item.command} role="menuitem" onClick={() => onCommand(item.command)}>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
