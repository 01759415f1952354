import { Card, Empty } from 'antd';
import { LoadError } from '@/components/LoadError';
import { useOpeningRecord } from '@/hooks/use-opening-record';
import { OpeningRecordView } from '@/components/opening-record/OpeningRecordView';
import { AnswerObjectionButton } from './AnswerObjectionButton';
import { isOpened, type TenderRef } from './tender-ref';

/**
 * 开标记录: the printable record once the bids are opened; a manager answers a supplier's
 * objection here as on 开标 (答复, power tender:open).
 */
export function OpeningRecordTab({ tender }: { tender: TenderRef }) {
  const opened = isOpened(tender);
  const record = useOpeningRecord(tender.id, opened);
  if (!opened) return <Empty description="开标后生成开标记录" />;
  if (record.isError) return <LoadError error={record.error} onRetry={() => record.refetch()} />;
  if (!record.data) return <Card variant="borderless" loading />;
  return (
    <OpeningRecordView
      record={record.data}
      confirmationAction={(c) => <AnswerObjectionButton tenderId={tender.id} confirmation={c} />}
    />
  );
}
