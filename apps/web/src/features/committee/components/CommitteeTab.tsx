import { Card, Empty, Typography } from 'antd';
import { LoadError } from '@/components/LoadError';
import { useAccess } from '@/hooks/use-access';
import { useCommittee } from '../api/get-committee';
import { CommitteeMembers } from './CommitteeMembers';
import { DrawCommitteeForm } from './DrawCommitteeForm';
import './committee.css';

/**
 * 评标委员会 (a tab of 招标管理详情 for committee tenders after the bid deadline): the draw
 * form while none exists (tender:committee), then the committee and its record.
 */
export function CommitteeTab({
  tender,
}: {
  tender: { id: number; mandatory: boolean; category: string };
}) {
  const { can } = useAccess();
  const committee = useCommittee(tender.id);
  if (committee.isError)
    return <LoadError error={committee.error} onRetry={() => committee.refetch()} />;
  if (committee.data === undefined) return <Card variant="borderless" loading />;
  if (committee.data) return <CommitteeMembers committee={committee.data} />;
  if (!can('tender:committee'))
    return (
      <Empty
        description={
          <Typography.Text type="secondary">尚未组建评标委员会（由招标管理员组建）</Typography.Text>
        }
      />
    );
  return <DrawCommitteeForm tender={tender} />;
}
