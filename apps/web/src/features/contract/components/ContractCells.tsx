import { Button, Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { lotLabel, type contractApi } from '@tender/contracts';
import { downloadFile } from '@/lib/file-download';
import { formatMoney } from '@/lib/amount';
import { dueStateOf, dueText } from './contract-due';

type ContractRow = contractApi.ContractRow;

/** The tender, and its lot when the tender has several (a one-lot tender's lot bears its name). */
export function ProjectCell({ row }: { row: ContractRow }) {
  return (
    <div style={{ maxWidth: 320 }}>
      <Typography.Text type="secondary">{row.tenderNo}</Typography.Text>
      <div>{row.tenderTitle}</div>
      {row.lotName !== row.tenderTitle && (
        <Typography.Text type="secondary">
          {lotLabel({ lotNo: row.lotNo, name: row.lotName })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The due day, red once it has passed without a contract, with the days left or overdue. */
export function DueCell({ row, today }: { row: ContractRow; today: string }) {
  const state = dueStateOf(row, today);
  const type =
    state.kind === 'overdue'
      ? 'danger'
      : state.kind === 'today'
        ? 'warning'
        : state.kind === 'signed'
          ? 'success'
          : 'secondary';
  return (
    <div className={state.kind === 'overdue' ? 'contract-due contract-overdue' : 'contract-due'}>
      <Typography.Text
        type={state.kind === 'overdue' ? 'danger' : undefined}
        className="contract-day"
      >
        {row.dueAt}
      </Typography.Text>
      <Typography.Text type={type} strong={state.kind === 'overdue'} style={{ display: 'block' }}>
        {dueText(state)}
      </Typography.Text>
    </div>
  );
}

/** The recorded contract: signing day, amount and files; or 未录入. */
export function ContractCell({ row }: { row: ContractRow }) {
  if (row.signedAt === null) return <Typography.Text type="secondary">未录入</Typography.Text>;
  return (
    <div>
      <div>签订于 {row.signedAt}</div>
      <div>{formatMoney(row.amount)}</div>
      <Space orientation="vertical" size={0}>
        {row.files.map((file) => (
          <Button
            key={file.id}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
          >
            {file.name}
          </Button>
        ))}
      </Space>
    </div>
  );
}
