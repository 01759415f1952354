import { useState } from 'react';
import { Badge, Button, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { parseTime } from '@/lib/time';
import { clearErrorLog, errorLogStore, type ErrorLogEntry } from '@/stores/error-log';

/** Shown only when errors were collected; opens them as a table. */
export function ErrorLogButton() {
  const logs = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;

  return (
    <>
      <Tooltip title="错误日志">
        <Badge count={logs.length} size="small" offset={[-2, 6]}>
          <BugOutlined
            className="navbar-icon navbar-icon-danger"
            aria-label="错误日志"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Modal
        title="错误日志"
        open={open}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={[
          <Button
            key="clear"
            danger
            onClick={() => {
              clearErrorLog();
              setOpen(false);
            }}
          >
            清空
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
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
    </>
  );
}
