import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { admin, type AdminUser } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { useAdminList } from '../api/list-admin';
import { useExportAdmins } from '../api/export-admin';
import { useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { UserFilters } from '../components/UserFilters';
import { UserFormModal } from '../components/UserFormModal';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { useUserColumns } from '../components/user-columns';
import { PageContainer } from '@/components/PageContainer';

/** 用户管理: accounts of every role, with their company for bidders. */
export default function UserListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(admin.listAdminQuery);
  const list = useAdminList(query);
  const exporting = useExportAdmins();
  const [editing, setEditing] = useState<{ user?: AdminUser }>();
  const [resetting, setResetting] = useState<AdminUser>();
  const columns = useUserColumns({
    onEdit: (user) => setEditing({ user }),
    onResetPassword: setResetting,
  });

  const toolbar = (
    <Space wrap>
      <Access code="user:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新增
        </Button>
      </Access>
      <Access code="user:export">
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(filters)}
        >
          导出
        </Button>
      </Access>
    </Space>
  );

  return (
    <PageContainer bare>
      <UserFilters values={filters} onSearch={setFilters} />
      <Card title="用户列表" extra={toolbar}>
        <PagedTable<AdminUser>
          rowKey="userid"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的用户"
        />
      </Card>
      <UserFormModal
        open={editing !== undefined}
        user={editing?.user}
        onClose={() => setEditing(undefined)}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </PageContainer>
  );
}
