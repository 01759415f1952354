import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { saveBlob } from '@/lib/file-download';
import { envelopeBlob, envelopeFileName, type BidEnvelope } from './envelope';

/** What the envelope is and how to keep it: the same words on the receipt and in the decrypt dialog. */
export const ENVELOPE_HELP =
  '密码信封是一个 JSON 文件，内含本版投标的内容密钥及其所属项目、投标编号、版本和回执摘要。' +
  '开标时忘记口令，可选择此文件在浏览器中解密；任何人拿到它都能在开标时解密本投标，' +
  '请离线保存（如加密 U 盘），不要通过邮件或聊天工具发送。每次修改报价都会生成新的信封。';

/** After a `bidder`-mode submission: the 密码信封 download, with the warning to keep it offline. */
export function EnvelopeDownload({ envelope }: { envelope: BidEnvelope }) {
  const [saved, setSaved] = useState(false);
  return (
    <Alert
      type="warning"
      showIcon
      icon={<SafetyCertificateOutlined />}
      style={{ marginBottom: 16 }}
      title="请下载并离线保存密码信封"
      description={
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text>{ENVELOPE_HELP}</Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => {
                saveBlob(envelopeBlob(envelope), envelopeFileName(envelope));
                setSaved(true);
              }}
            >
              下载密码信封
            </Button>
            {saved && (
              <Typography.Text type="success">已下载：{envelopeFileName(envelope)}</Typography.Text>
            )}
          </Space>
        </Space>
      }
    />
  );
}
