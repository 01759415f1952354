import { useState } from 'react';
import { Button, Card, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { role as roleApi, type Role } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { useRoleList } from '../api/list-role';
import { RoleFormModal } from '../components/RoleFormModal';
import { useRoleColumns } from '../components/role-columns';
import { PageContainer } from '@/components/PageContainer';

const listRoleQuery = declared(roleApi.listRole.query);

/** 角色管理: roles and the powers each one holds. */
export default function RoleListScreen() {
  const { query, setFilters, setPage } = useUrlQuery(listRoleQuery);
  const list = useRoleList(query);
  const [editing, setEditing] = useState<{ role?: Role }>();
  const columns = useRoleColumns({ onEdit: (role) => setEditing({ role }) });

  const search = (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        key={query.roleName ?? ''}
        defaultValue={query.roleName}
        placeholder="搜索角色名称"
        allowClear
        onSearch={(roleName) => setFilters({ roleName })}
        style={{ width: 220 }}
      />
    </Space>
  );
  const add = (
    <Access code="role:add">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
        新增
      </Button>
    </Access>
  );

  return (
    <PageContainer bare>
      <Card title="角色列表" extra={add}>
        {search}
        <PagedTable<Role>
          rowKey="roleId"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的角色"
          unit="个角色"
        />
        <RoleFormModal
          open={editing !== undefined}
          role={editing?.role}
          onClose={() => setEditing(undefined)}
        />
      </Card>
    </PageContainer>
  );
}
