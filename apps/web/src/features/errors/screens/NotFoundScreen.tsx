import { Result } from 'antd';
import { getToken } from '@/lib/auth-storage';
import { LinkButton } from '@/components/LinkButton';

/** Signed-in users go "home" through /login, which the guard turns into their first menu. */
export const homeLink = () => (getToken() ? '/login' : '/tenderMsgSearch');

export default function NotFoundScreen() {
  return (
    <div className="error-page">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在，或您的账号没有访问该页面的权限。"
        extra={
          <LinkButton to={homeLink()} type="primary">
            返回首页
          </LinkButton>
        }
      />
    </div>
  );
}
