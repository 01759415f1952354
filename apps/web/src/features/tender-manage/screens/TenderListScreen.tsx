import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { tenderApi, type Tender, type TenderListRow } from '@tender/contracts';
import { Access } from '@/hooks/use-access';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { useTenderList } from '../api/list-ttender';
import { useExportTenders } from '../api/export-ttender';
import { TenderFilters } from '../components/TenderFilters';
import { TenderFormModal } from '../components/TenderFormModal';
import { CancelTenderModal } from '../components/CancelTenderModal';
import { useTenderColumns } from '../components/tender-columns';
import '../tender-manage.css';

const listQuery = declared(tenderApi.listTtender.query);

/** 招标管理: every tender with its effective status; create, edit, publish, cancel, export. */
export default function TenderListScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listQuery);
  const list = useTenderList(query);
  const exporting = useExportTenders();
  const [editing, setEditing] = useState<{ tender?: Tender }>();
  const [cancelling, setCancelling] = useState<Tender>();
  const columns = useTenderColumns({
    onEdit: (tender) => setEditing({ tender }),
    onCancel: setCancelling,
  });

  const toolbar = (
    <Space wrap>
      <Access code="tender:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新建招标
        </Button>
      </Access>
      <Access code="tender:export">
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
      <TenderFilters values={filters} onSearch={setFilters} />
      <Card title="招标列表" extra={toolbar} className="tender-list-card">
        <PagedTable<TenderListRow>
          rowKey="id"
          columns={columns}
          rows={list}
          page={query}
          onPageChange={setPage}
          empty="没有符合条件的招标项目"
          unit="个项目"
        />
      </Card>
      <TenderFormModal
        open={editing !== undefined}
        tender={editing?.tender}
        onClose={() => setEditing(undefined)}
      />
      <CancelTenderModal tender={cancelling} onClose={() => setCancelling(undefined)} />
    </PageContainer>
  );
}
