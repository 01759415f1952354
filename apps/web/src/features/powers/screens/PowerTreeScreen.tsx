import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Select, Space, Table } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import type { Power, PowerType } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { LoadError } from '@/components/LoadError';
import { usePowerTree } from '@/hooks/use-power-tree';
import { PowerFormModal, type PowerFormTarget } from '../components/PowerFormModal';
import { usePowerColumns } from '../components/power-columns';
import { POWER_TYPE_OPTIONS } from '@/components/power-type';
import { PageContainer } from '@/components/PageContainer';

const branchKeys = (powers: Power[]): number[] =>
  powers.flatMap((p) => (p.children?.length ? [p.id, ...branchKeys(p.children)] : []));

/** 权限管理: the tree of groups, menus (hidden screens too) and buttons that roles are made of. */
export default function PowerTreeScreen() {
  const [keyword, setKeyword] = useState<string>();
  const [type, setType] = useState<PowerType>();
  const tree = usePowerTree({ keyword, type });
  const [target, setTarget] = useState<PowerFormTarget>();
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const allBranches = useMemo(() => branchKeys(tree.data ?? []), [tree.data]);
  const groups = useMemo(() => (tree.data ?? []).map((p) => p.id), [tree.data]);
  // Groups open by default; a search opens everything so that the matches show.
  const expandedKeys = expanded ?? (keyword || type ? allBranches : groups);

  const columns = usePowerColumns({
    onAddChild: (parent) =>
      setTarget({
        preset: { type: parent.type === 'group' ? 'menu' : 'button', superior: parent.id },
      }),
    onEdit: (power) => setTarget({ power }),
  });

  const filters = (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        placeholder="标题、编码或路径"
        allowClear
        onSearch={(value) => setKeyword(value || undefined)}
        style={{ width: 200 }}
      />
      <Select
        placeholder="全部类型"
        allowClear
        options={POWER_TYPE_OPTIONS}
        value={type}
        onChange={setType}
        style={{ width: 120 }}
        aria-label="类型筛选"
      />
      <Button
        icon={expandedKeys.length ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
        onClick={() => setExpanded(expandedKeys.length ? [] : allBranches)}
      >
        {expandedKeys.length ? '全部折叠' : '全部展开'}
      </Button>
    </Space>
  );
  const add = (
    <Access code="power:add">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setTarget({ preset: { type: 'group', superior: 0 } })}
      >
        新增
      </Button>
    </Access>
  );

  return (
    <PageContainer bare>
      <Card title="权限树" extra={add}>
        {filters}
        {tree.isError && <LoadError error={tree.error} onRetry={() => tree.refetch()} />}
        <Table<Power>
          rowKey="id"
          columns={columns}
          dataSource={tree.data}
          loading={tree.isFetching}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded }}
          locale={{
            emptyText: <Empty description={tree.isError ? '加载失败' : '没有符合条件的权限'} />,
          }}
        />
        <PowerFormModal target={target} onClose={() => setTarget(undefined)} />
      </Card>
    </PageContainer>
  );
}
