import { useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { expertApi } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { useExpertList } from '../api/list-expert';
import { ExpertFilters } from '../components/ExpertFilters';
import { ExpertFormModal } from '../components/ExpertFormModal';
import { SuspendExpertModal } from '../components/SuspendExpertModal';
import { useExpertColumns } from '../components/expert-columns';

/** 专家库: the experts committees are drawn from; add, edit, suspend and restore. */
export default function ExpertListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(expertApi.listExpertQuery);
  const list = useExpertList(query);
  const [editing, setEditing] = useState<{ expert?: expertApi.Expert }>();
  const [suspending, setSuspending] = useState<expertApi.Expert>();
  const columns = useExpertColumns({
    onEdit: (expert) => setEditing({ expert }),
    onSuspend: setSuspending,
  });

  return (
    <PageContainer bare>
      <ExpertFilters values={filters} onSearch={setFilters} />
      <Card
        title="评标专家"
        extra={
          <Access code="expert:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新增专家
            </Button>
          </Access>
        }
      >
        <PagedTable<expertApi.Expert>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的专家"
          unit="位专家"
        />
      </Card>
      <ExpertFormModal
        open={editing !== undefined}
        expert={editing?.expert}
        onClose={() => setEditing(undefined)}
      />
      <SuspendExpertModal expert={suspending} onClose={() => setSuspending(undefined)} />
    </PageContainer>
  );
}
