import { Link } from 'react-router';
import { Button, Result, Space } from 'antd';
import { BrandPanel } from '@/features/auth/components/BrandPanel';
import '@/features/auth/auth.css';

/** The supplier self-registration page; online registration comes with the tendering module. */
export default function RegisterScreen() {
  return (
    <div className="auth-page">
      <BrandPanel />
      <main className="auth-form-side">
        <div className="auth-card">
          <Result
            status="info"
            title="供应商注册"
            subTitle="供应商在线注册随招投标业务模块开放。在此之前，如需参与投标，请联系招标方管理员为贵公司开通投标人账号；已有账号可直接登录。"
            extra={
              <Space wrap>
                <Link to="/login">
                  <Button type="primary">返回登录</Button>
                </Link>
                <Link to="/tenderMsgSearch">
                  <Button>招标信息查询</Button>
                </Link>
              </Space>
            }
          />
        </div>
      </main>
    </div>
  );
}
