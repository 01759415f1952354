import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spin } from 'antd';

/** Third-party sign-in lands here: the code goes to the opener through localStorage. */
export default function AuthRedirectScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const code = window.location.search.slice(1);
    if (window.opener && code) {
      localStorage.setItem('x-admin-oauth-code', code);
      window.close();
      return;
    }
    void navigate('/login', { replace: true });
  }, [navigate]);
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin description="正在返回登录页…" />
    </div>
  );
}
