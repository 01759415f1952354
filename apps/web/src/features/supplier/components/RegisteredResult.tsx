import { Result, Space } from 'antd';
import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { LinkButton } from '@/components/LinkButton';
import type { Registered } from './RegisterForm';

/** After 供应商注册: the company awaits review; the account can log in already. */
export default function RegisteredResult({ done }: { done: Registered }) {
  return (
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
  );
}
