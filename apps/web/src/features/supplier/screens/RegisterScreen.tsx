import { lazy, Suspense, useState } from 'react';
import { InfoCircleFilled } from '@ant-design/icons';
import { BrandPanel } from '@/components/BrandPanel';
import { RegisterForm, type Registered } from '../components/RegisterForm';
import '../supplier.css';

// The success page (Result) loads when the form is sent, not with the form.
const loadRegistered = () => import('../components/RegisteredResult');
const RegisteredResult = lazy(loadRegistered);

/** 供应商注册 (public): the company and its bidder account, then a page saying review comes next. */
export default function RegisterScreen() {
  const [done, setDone] = useState<Registered>();

  return (
    <div className="auth-page">
      <BrandPanel />
      <main className="auth-form-side register-side">
        <div className="auth-card register-card">
          {done ? (
            <Suspense fallback={null}>
              <RegisteredResult done={done} />
            </Suspense>
          ) : (
            <>
              <h2 className="auth-card-title">供应商注册</h2>
              <p className="auth-card-lead">填写企业信息并设置投标人账号，带 * 的为必填项</p>
              <p className="register-note">
                <InfoCircleFilled aria-hidden />
                注册后公司处于「待审核」状态，审核通过前可以登录查看招标信息，但不能报名或投标。
              </p>
              <RegisterForm
                onRegistered={(registered) => void loadRegistered().then(() => setDone(registered))}
              />
            </>
          )}
        </div>
      </main>
    </div>
  );
}
