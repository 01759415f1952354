import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { downloadFile } from '@/lib/file-download';
import type { ObjectionRow } from '../api/list-objection';

/**
 * An objection's evidence, each file a download (the server lets only the managers and the
 * objecting company read them). `empty` is what shows when there is none.
 */
export function ObjectionFiles({
  files,
  empty = null,
}: {
  files: ObjectionRow['files'];
  empty?: ReactNode;
}) {
  if (!files.length) return <>{empty}</>;
  return (
    <Space orientation="vertical" size={2} className="objection-files">
      {files.map((f) => (
        <Typography.Link
          key={f.id}
          title={f.name}
          onClick={() => void downloadFile(f.id, f.name).catch(() => undefined)}
        >
          <PaperClipOutlined /> <span className="objection-file-name">{f.name}</span>
        </Typography.Link>
      ))}
    </Space>
  );
}
