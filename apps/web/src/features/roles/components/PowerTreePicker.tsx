import { useMemo, useState } from 'react';
import { Button, Space, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import type { Power } from '@tender/contracts';
import { usePowerTree } from '@/hooks/use-power-tree';
import { PowerTypeTag } from '@/components/power-type';
import { LoadError } from '@/components/LoadError';
import { linkPowers, togglePower } from './power-links';

const toTreeNodes = (powers: Power[]): TreeDataNode[] =>
  powers.map((p) => ({
    key: p.id,
    title: (
      <span>
        <PowerTypeTag type={p.type} />
        {p.title}
        {p.hidden && (
          <Tag variant="filled" style={{ marginInlineStart: 6 }}>
            隐藏
          </Tag>
        )}
      </span>
    ),
    children: p.children?.length ? toTreeNodes(p.children) : undefined,
  }));

/** A form control over a role's power ids: every group, menu, hidden screen and button. */
export function PowerTreePicker({
  id,
  value = [],
  onChange,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Set by Form.Item so that its label points at this control. */
  id?: string;
}) {
  const tree = usePowerTree();
  const links = useMemo(() => linkPowers(tree.data ?? []), [tree.data]);
  const nodes = useMemo(() => toTreeNodes(tree.data ?? []), [tree.data]);
  const branches = useMemo(
    () => links.allIds.filter((id) => (links.descendants.get(id) ?? []).length > 0),
    [links],
  );
  const [collapsed, setCollapsed] = useState<number[] | null>(null);
  const expanded = collapsed ?? branches;

  if (tree.isError) return <LoadError error={tree.error} onRetry={() => tree.refetch()} />;
  if (tree.isLoading) return <Spin />;

  const checked = new Set(value);
  const allChecked = links.allIds.length > 0 && links.allIds.every((id) => checked.has(id));
  return (
    <div id={id}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setCollapsed(expanded.length ? [] : null)}>
          {expanded.length ? '全部折叠' : '全部展开'}
        </Button>
        <Button size="small" onClick={() => onChange?.(allChecked ? [] : links.allIds)}>
          {allChecked ? '全不选' : '全选'}
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>已选 {checked.size} 项</span>
      </Space>
      <div
        style={{
          maxHeight: 360,
          overflow: 'auto',
          border: '1px solid rgba(5,5,5,0.06)',
          borderRadius: 6,
          padding: 8,
        }}
      >
        <Tree
          checkable
          checkStrictly
          selectable={false}
          treeData={nodes}
          expandedKeys={expanded}
          onExpand={(keys) => setCollapsed(keys as number[])}
          checkedKeys={value}
          onCheck={(_keys, info) =>
            onChange?.([...togglePower(links, checked, Number(info.node.key), info.checked)])
          }
        />
      </div>
    </div>
  );
}
