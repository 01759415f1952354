import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { Power } from '@tender/contracts';
import { usePowerTree } from '@/hooks/use-power-tree';
import { PowerTypeTag } from '@/components/power-type';

interface PowerOption {
  value: number;
  title: React.ReactNode;
  label: string;
  children?: PowerOption[];
}

const toOptions = (powers: Power[]): PowerOption[] =>
  powers.map((p) => ({
    value: p.id,
    label: p.title,
    title: (
      <span>
        <PowerTypeTag type={p.type} />
        {p.title}
      </span>
    ),
    children: p.children?.length ? toOptions(p.children) : undefined,
  }));

/** Chooses one power from the whole tree (an interface's binding, a filter). */
export function PowerTreeSelect({
  id,
  value,
  onChange,
  placeholder = '选择权限',
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  /** Set by Form.Item so that its label points at this control. */
  id?: string;
}) {
  const tree = usePowerTree();
  const treeData = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      treeData={treeData}
      loading={tree.isLoading}
      placeholder={placeholder}
      allowClear
      showSearch
      treeNodeFilterProp="label"
      treeNodeLabelProp="label"
      popupMatchSelectWidth={false}
    />
  );
}
