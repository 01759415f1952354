import { useState } from 'react';
import type { Tender } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { QuestionsTab } from '@/features/question/components/QuestionsTab';
import { AmendTenderModal } from '@/features/tender-manage/components/AmendTenderModal';

/**
 * 招标管理详情's 答疑 tab: the question feature's list, whose answer dialog leads to this
 * tender's 澄清/修改 (an answer that changes the documents is an amendment, EVALUATION.md §3).
 */
export function ManagerQuestionsTab({ tender }: { tender: Tender }) {
  const { can } = useAccess();
  const [amending, setAmending] = useState(false);
  const mayAmend = tender.status === 'published' && can('tender:amend');
  return (
    <>
      <QuestionsTab
        tenderId={tender.id}
        manager
        onAmend={mayAmend ? () => setAmending(true) : undefined}
      />
      <AmendTenderModal tender={amending ? tender : undefined} onClose={() => setAmending(false)} />
    </>
  );
}
