import { useState } from 'react';
import { Button, Empty, List, Typography } from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import type { Tender } from '@tender/contracts';
import { downloadFile } from '@/lib/file-download';
import { formatFileSize } from '@/components/FileUpload';
import { PagedTable } from '@/components/PagedTable';
import { useDownloadLog } from '../api/list-download-log';
import { formatDateTime } from '@/lib/time';

type LogRow = {
  id: number;
  fileName: string;
  username: string;
  companyName: string | null;
  ip: string | null;
  createdAt: string;
};

/** 招标文件: the documents (downloadable) and who downloaded which, when. */
export function TenderDocumentsTab({ tender }: { tender: Tender }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const log = useDownloadLog({ tenderId: tender.id, ...page });
  return (
    <>
      {tender.documents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未上传招标文件" />
      ) : (
        <List
          bordered
          dataSource={tender.documents}
          renderItem={(doc) => (
            <List.Item
              actions={[
                <Button
                  key="download"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() => downloadFile(doc.id, doc.name).catch(() => undefined)}
                >
                  下载
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<FileTextOutlined style={{ fontSize: 20, color: '#1890ff' }} />}
                title={<span style={{ overflowWrap: 'anywhere' }}>{doc.name}</span>}
                description={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatFileSize(doc.size)} · 上传于 {formatDateTime(doc.createdAt)} · SHA-256{' '}
                    {doc.sha256.slice(0, 12)}…
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        下载记录
      </Typography.Title>
      <PagedTable<LogRow>
        rowKey="id"
        size="small"
        rows={log}
        page={page}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        empty="暂无下载记录"
        columns={[
          { title: '下载时间', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '供应商',
            dataIndex: 'companyName',
            render: (v: string | null) => v ?? '（内部用户）',
          },
          { title: '用户', dataIndex: 'username' },
          { title: '文件', dataIndex: 'fileName' },
          { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}
