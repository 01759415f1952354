import { Result, Space } from 'antd';
import { homeLink } from './NotFoundScreen';
import { LinkButton } from '@/components/LinkButton';

export default function UnauthorizedScreen() {
  return (
    <div className="error-page">
      <Result
        status="403"
        title="401"
        subTitle="抱歉，您没有权限访问该页面。如需访问，请联系管理员为您的角色分配权限。"
        extra={
          <Space>
            <LinkButton to={homeLink()} type="primary">
              返回首页
            </LinkButton>
            <LinkButton to="/login">重新登录</LinkButton>
          </Space>
        }
      />
    </div>
  );
}
