import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useStore } from '@/lib/create-store';
import { parseTime } from '@/lib/time';
import { clearErrorLog, errorLogStore, type ErrorLogEntry } from '@/stores/error-log';

/** The collected errors as a table (opened by ErrorLogButton). */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logs = useStore(errorLogStore);
  return (
    <Modal
      title="错误日志"
      open={open}
      width="80%"
      onCancel={onClose}
      footer={[
        <Button
          key="clear"
          danger
          onClick={() => {
            clearErrorLog();
            onClose();
          }}
        >
          清空
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Table<ErrorLogEntry>
        rowKey={(row) => `${row.time}-${row.message}`}
        dataSource={logs}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        expandable={{
          expandedRowRender: (row) => (
            <pre className="error-log-stack">{row.stack || '（无堆栈）'}</pre>
          ),
        }}
        columns={[
          {
            title: '消息',
            dataIndex: 'message',
            render: (message: string) => (
              <>
                <Tag color="error">Error</Tag>
                {message}
              </>
            ),
          },
          {
            title: '信息',
            dataIndex: 'info',
            width: 260,
            render: (info: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: info }} style={{ margin: 0 }}>
                {info}
              </Typography.Paragraph>
            ),
          },
          { title: 'URL', dataIndex: 'url', width: 240, ellipsis: true },
          {
            title: '时间',
            dataIndex: 'time',
            width: 170,
            render: (time: number) => parseTime(time),
          },
        ]}
      />
    </Modal>
  );
}
