import { Link } from 'react-router';
import { LoginOutlined, ThunderboltFilled, UserAddOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { systemTitleStore } from '@/lib/system-info';
import { getToken } from '@/lib/auth-storage';
import { LinkButton } from '@/components/LinkButton';

export function PublicHeader() {
  const title = useStore(systemTitleStore);
  const signedIn = !!getToken();
  return (
    <header className="public-header">
      <div className="public-inner public-header-row">
        <Link to="/tenderMsgSearch" className="public-logo">
          <span className="public-logo-mark">
            <ThunderboltFilled />
          </span>
          <span className="public-logo-title">{title}</span>
        </Link>
        <span className="public-header-actions">
          <LinkButton to="/register" icon={<UserAddOutlined />}>
            供应商注册
          </LinkButton>
          <LinkButton to="/login" type="primary" icon={<LoginOutlined />}>
            {signedIn ? '进入系统' : '登录'}
          </LinkButton>
        </span>
      </div>
    </header>
  );
}
