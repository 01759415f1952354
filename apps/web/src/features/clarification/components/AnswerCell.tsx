import { Button, Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { deskApi } from '@tender/contracts';
import { downloadFile } from '@/lib/file-download';
import { formatDateTime } from '@/lib/time';

/** The company's answer with its files, or nothing yet. */
export function AnswerCell({ clarification }: { clarification: deskApi.Clarification }) {
  if (clarification.answer === null)
    return <Typography.Text type="secondary">未答复</Typography.Text>;
  return (
    <div style={{ maxWidth: 420 }}>
      <div style={{ whiteSpace: 'pre-wrap' }}>{clarification.answer}</div>
      <Space orientation="vertical" size={0}>
        {clarification.answerFiles.map((file) => (
          <Button
            key={file.id}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            style={{ paddingInline: 0 }}
            onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
          >
            {file.name}
          </Button>
        ))}
      </Space>
      {clarification.answeredAt && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {formatDateTime(clarification.answeredAt)} 答复
        </Typography.Text>
      )}
    </div>
  );
}
