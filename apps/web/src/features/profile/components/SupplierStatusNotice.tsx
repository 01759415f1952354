import { Alert } from 'antd';
import type { Supplier } from '@tender/contracts';
import { blacklistEndText } from '@/components/SupplierStatusTag';
import { formatDateTime } from '@/lib/time';

/** What the company's review state means for the bidder: whether it may sign up and bid. */
export function SupplierStatusNotice({ supplier }: { supplier: Supplier }) {
  const reason = supplier.reviewReason ? `原因：${supplier.reviewReason}` : undefined;
  switch (supplier.status) {
    case 'pending':
      return (
        <Alert
          type="info"
          showIcon
          title="贵公司资料正在审核中"
          description="审核通过前可以浏览招标信息，但暂不能报名或投标。招标方审核后，结果会显示在这里。"
        />
      );
    case 'rejected':
      return (
        <Alert
          type="error"
          showIcon
          title="注册审核未通过"
          description={
            <>
              {reason && <div>{reason}</div>}
              请按驳回原因修改公司信息或补充资质文件并保存，然后联系招标方重新审核。
            </>
          }
        />
      );
    case 'blacklisted':
      return (
        <Alert
          type="error"
          showIcon
          title={`贵公司已被列入黑名单（${blacklistEndText(supplier.blacklistUntil)}）`}
          description={
            <>
              {reason && <div>{reason}</div>}
              黑名单期间不能报名或投标{supplier.blacklistUntil ? '，到期后自动解除' : ''}。
            </>
          }
        />
      );
    case 'approved':
      return (
        <Alert
          type="success"
          showIcon
          title="审核已通过，可以报名参与招标项目"
          description={
            supplier.reviewedAt ? `审核时间：${formatDateTime(supplier.reviewedAt)}` : undefined
          }
        />
      );
  }
}
