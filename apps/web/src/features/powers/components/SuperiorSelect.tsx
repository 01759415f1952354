import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { PowerType } from '@tender/contracts';
import { usePowerSuperiors } from '../api/get-power-superior';
import { PowerTypeTag } from '@/components/power-type';

interface SuperiorNode {
  value: number;
  title: React.ReactNode;
  label: string;
  children: SuperiorNode[];
}

const TOP_LEVEL = 0;

/**
 * Chooses the parent of a power among those the server allows for its type (group → top level,
 * menu → a group or menu, button → a menu); `excludeIds` (a power and its branch) keeps a power from moving under itself.
 */
export function SuperiorSelect({
  id,
  type,
  excludeIds,
  value,
  onChange,
}: {
  type: PowerType | undefined;
  excludeIds?: ReadonlySet<number>;
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** Set by Form.Item so that its label points at this control. */
  id?: string;
}) {
  const superiors = usePowerSuperiors(type);
  const treeData = useMemo(() => {
    const byId = new Map<number, SuperiorNode>();
    const options = (superiors.data ?? []).filter((o) => !excludeIds?.has(o.id));
    for (const o of options) {
      byId.set(o.id, {
        value: o.id,
        label: o.title,
        title:
          o.type === 'root' ? (
            '顶级'
          ) : (
            <span>
              <PowerTypeTag type={o.type} />
              {o.title}
            </span>
          ),
        children: [],
      });
    }
    if (type === 'group' && !byId.has(TOP_LEVEL)) {
      byId.set(TOP_LEVEL, { value: TOP_LEVEL, title: '顶级', label: '顶级', children: [] });
    }
    const roots: SuperiorNode[] = [];
    for (const o of options) {
      const node = byId.get(o.id);
      const parent = o.id === TOP_LEVEL ? undefined : byId.get(o.superior);
      if (node) (parent ? parent.children : roots).push(node);
    }
    if (type === 'group' && !roots.some((n) => n.value === TOP_LEVEL)) {
      const top = byId.get(TOP_LEVEL);
      if (top) roots.unshift(top);
    }
    return roots;
  }, [superiors.data, excludeIds, type]);

  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      loading={superiors.isLoading}
      disabled={type === undefined}
      placeholder={type ? '请选择上级' : '请先选择类型'}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="label"
      allowClear
    />
  );
}
