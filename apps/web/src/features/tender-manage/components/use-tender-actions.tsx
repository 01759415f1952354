import { useNavigate } from 'react-router';
import type { Tender } from '@tender/contracts';
import { useDeleteTender } from '../api/delete-ttender';
import { usePublishTender } from '../api/publish-ttender';
import { useRetenderTender } from '../api/retender-ttender';
import { useFeedback } from '@/lib/feedback';

type TenderRef = Pick<Tender, 'id' | 'tenderNo' | 'title'>;

/**
 * The confirmations of the one-click tender actions: 发布, 删除 (drafts), 重新招标. The question
 * mark follows a Chinese word, not the tender number (after Latin digits a full-width ？ reads
 * as a stray half-width one), and quotes are corner brackets 「」.
 */
export function useTenderActions() {
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const publish = usePublishTender();
  const remove = useDeleteTender();
  const retender = useRetenderTender();
  const quietly = () => undefined; // the request wrapper has shown the server's reason

  return {
    publish: (tender: TenderRef) =>
      modal.confirm({
        title: `确定发布招标 ${tender.tenderNo} 吗？`,
        content:
          '发布后供应商即可查看并报名；此后内容只能通过「澄清/修改」变更，并通知已报名的供应商。',
        okText: '发布',
        cancelText: '取消',
        onOk: () =>
          publish.mutateAsync({ id: tender.id }).then(() => message.success('发布成功'), quietly),
      }),
    remove: (tender: TenderRef, after?: () => void) =>
      modal.confirm({
        title: `确定删除草稿 ${tender.tenderNo} 吗？`,
        content: `「${tender.title}」将被删除，此操作不可恢复。`,
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () =>
          remove.mutateAsync({ id: tender.id }).then(() => {
            message.success('删除成功');
            after?.();
          }, quietly),
      }),
    retender: (tender: TenderRef) =>
      modal.confirm({
        title: `确定重新招标 ${tender.tenderNo} 吗？`,
        content: '将复制本项目的内容生成一个新的招标草稿（关联原项目），日期需重新填写后发布。',
        okText: '生成新草稿',
        cancelText: '取消',
        onOk: () =>
          retender.mutateAsync({ id: tender.id }).then((created) => {
            message.success(`已生成新草稿 ${created.tenderNo}`);
            navigate(`/denderManagement_details?id=${created.id}`);
          }, quietly),
      }),
  };
}
