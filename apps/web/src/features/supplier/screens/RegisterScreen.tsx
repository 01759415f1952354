import { useState } from 'react';
import { Result, Space } from 'antd';
import { HomeOutlined, InfoCircleFilled, LoginOutlined } from '@ant-design/icons';
import { BrandPanel } from '@/components/BrandPanel';
import { RegisterForm, type Registered } from '../components/RegisterForm';
import '../supplier.css';
import { LinkButton } from '@/components/LinkButton';

/** 供应商注册 (public): the company and its bidder account, then a page saying review comes next. */
export default function RegisterScreen() {
  const [done, setDone] = useState<Registered>();

  return (
    <div className="auth-page">
      <BrandPanel />
      <main className="auth-form-side register-side">
        <div className="auth-card register-card">
          {done ? (
            <Result
              status="success"
              title="注册成功，等待审核"
              subTitle={
                <>
                  「{done.companyName}」的注册资料已提交，招标方审核通过后即可报名和投标。
                  <br />
                  现在即可用账号「{done.username}
                  」登录，在「个人信息」中查看审核进度、上传资质文件。
                </>
              }
              extra={
                <Space wrap>
                  <LinkButton to="/login" type="primary" icon={<LoginOutlined />}>
                    登录
                  </LinkButton>
                  <LinkButton to="/tenderMsgSearch" icon={<HomeOutlined />}>
                    返回首页
                  </LinkButton>
                </Space>
              }
            />
          ) : (
            <>
              <h2 className="auth-card-title">供应商注册</h2>
              <p className="auth-card-lead">填写企业信息并设置投标人账号，带 * 的为必填项</p>
              <p className="register-note">
                <InfoCircleFilled aria-hidden />
                注册后公司处于「待审核」状态，审核通过前可以登录查看招标信息，但不能报名或投标。
              </p>
              <RegisterForm onRegistered={setDone} />
            </>
          )}
        </div>
      </main>
    </div>
  );
}
