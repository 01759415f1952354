import { Tooltip, Typography } from 'antd';
import { ClippedText } from '@/components/ClippedText';
import type { AdminUser } from '@tender/contracts';
import { formatDate, formatDateTime, formatRecent } from '@/lib/time';

/** The role, and below it the supplier company a bidder account belongs to. */
export function RoleCell({ user }: { user: AdminUser }) {
  return (
    <>
      <div>{user.roleName}</div>
      {user.supplierName && <ClippedText text={user.supplierName} maxWidth={180} secondary />}
    </>
  );
}

/** When the user last logged in (3小时前), and below it the day the account was made. */
export function LoginTimesCell({ user }: { user: AdminUser }) {
  return (
    <Tooltip
      title={
        <>
          最后登录：{formatDateTime(user.lastLoginAt)}
          <br />
          创建时间：{formatDateTime(user.createdAt)}
        </>
      }
    >
      <div style={{ whiteSpace: 'nowrap' }}>
        <div>{user.lastLoginAt ? formatRecent(user.lastLoginAt) : '从未登录'}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          创建于 {formatDate(user.createdAt)}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}
