import { Alert } from 'antd';
import { Link } from 'react-router';
import { useMySupplier } from '@/hooks/use-my-supplier';
import { formatDateTime } from '@/lib/time';

/** Tells a company that is not approved why it cannot sign up, and where to look. */
export function SupplierStatusAlert() {
  const { data: supplier } = useMySupplier();
  if (!supplier || supplier.status === 'approved') return null;
  const profile = <Link to="/updateInfo">个人信息</Link>;
  if (supplier.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="贵公司的注册信息正在审核中"
        description={<>审核通过后即可报名、下载招标文件和投标。审核结果可在 {profile} 中查看。</>}
      />
    );
  }
  if (supplier.status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title="贵公司的注册审核未通过"
        description={
          <>
            原因：{supplier.reviewReason || '未说明'}。请在 {profile} 中修改企业信息后重新提交审核。
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title="贵公司已被列入黑名单，暂不能报名和投标"
      description={
        <>
          {supplier.reviewReason ? `原因：${supplier.reviewReason}。` : ''}
          {supplier.blacklistUntil
            ? `期限至 ${formatDateTime(supplier.blacklistUntil)}，到期后自动解除。`
            : '期限：永久。'}
        </>
      }
    />
  );
}
