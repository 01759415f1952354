import { Alert, Button } from 'antd';
import { formatDateTime } from '@/lib/time';
import { useAuditChain } from '../api/verify-audit-chain';

const spaced = { marginBottom: 16 };

/** Whether the audit log is whole: every row's hash links to the row before it. */
export function AuditChainStatus() {
  const chain = useAuditChain();
  const recheck = (
    <Button size="small" onClick={() => void chain.refetch()} loading={chain.isFetching}>
      重新校验
    </Button>
  );
  if (chain.isPending)
    return <Alert style={spaced} type="info" showIcon message="正在校验审计日志哈希链…" />;
  if (chain.isError)
    return (
      <Alert
        style={spaced}
        type="warning"
        showIcon
        message="审计日志哈希链暂时无法校验"
        action={recheck}
      />
    );
  const report = chain.data;
  if (report.ok)
    return (
      <Alert
        style={spaced}
        type="success"
        showIcon
        message={`哈希链完整：共 ${report.checked} 条记录，均未被改动或删除`}
        description={
          <span style={{ wordBreak: 'break-all' }}>
            最后一条 #{report.lastId ?? '—'}，哈希 {report.lastHash}
          </span>
        }
        action={recheck}
      />
    );
  const broken = report.firstBroken!;
  return (
    <Alert
      style={spaced}
      type="error"
      showIcon
      message={`哈希链断裂：第 #${broken.id} 条记录（${broken.time ? formatDateTime(broken.time) : '—'}）`}
      description={`${broken.reason}。此前 ${report.checked} 条完好。`}
      action={recheck}
    />
  );
}
