import { useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { apiInterface, type ApiInterface } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { useInterfaceList } from '../api/list-interface';
import { InterfaceFilters } from '../components/InterfaceFilters';
import { InterfaceFormModal } from '../components/InterfaceFormModal';
import { useInterfaceColumns } from '../components/interface-columns';
import { PageContainer } from '@/components/PageContainer';

const listInterfaceQuery = declared(apiInterface.listInterface.body).unwrap().unwrap();

/** 接口管理: every API path and the power a caller needs to reach it. */
export default function InterfaceListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listInterfaceQuery);
  const list = useInterfaceList(query);
  const [editing, setEditing] = useState<{ item?: ApiInterface }>();
  const columns = useInterfaceColumns({ onEdit: (item) => setEditing({ item }) });

  return (
    <PageContainer bare>
      <InterfaceFilters values={filters} onSearch={setFilters} />
      <Card
        title="接口列表"
        extra={
          <Access code="interface:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新增
            </Button>
          </Access>
        }
      >
        <PagedTable<ApiInterface>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的接口"
          unit="个接口"
        />
      </Card>
      <InterfaceFormModal
        open={editing !== undefined}
        item={editing?.item}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
