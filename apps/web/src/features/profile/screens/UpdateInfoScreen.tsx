import { Card, Col, Descriptions, Row, Skeleton } from 'antd';
import { formatDateTime } from '@/lib/time';
import { StatusTag } from '@/components/status';
import { LoadError } from '@/components/LoadError';
import { useMyInfo } from '../api/get-my-info';
import { ProfileForm } from '../components/ProfileForm';
import { CompanyCard } from '../components/CompanyCard';
import { PageContainer } from '@/components/PageContainer';

/** 个人信息: one's own name and contacts, account facts, and for a bidder its company. */
export default function UpdateInfoScreen() {
  const info = useMyInfo();
  if (info.isError || !info.data) {
    return (
      <PageContainer bare>
        {info.isError ? (
          <LoadError error={info.error} onRetry={() => info.refetch()} />
        ) : (
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        )}
      </PageContainer>
    );
  }
  const me = info.data;

  return (
    <PageContainer bare>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="基本资料">
            <ProfileForm
              initial={{ realName: me.realName, phone: me.phone ?? '', email: me.email ?? '' }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="账号信息">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'username', label: '用户名', children: me.username },
                { key: 'role', label: '角色', children: me.roleName },
                { key: 'status', label: '状态', children: <StatusTag status={me.status} /> },
                { key: 'lastLogin', label: '最后登录', children: formatDateTime(me.lastLoginAt) },
                { key: 'created', label: '创建时间', children: formatDateTime(me.createdAt) },
              ]}
            />
          </Card>
        </Col>
        {me.supplierId !== null && me.supplierId !== undefined && (
          <Col span={24}>
            <CompanyCard />
          </Col>
        )}
      </Row>
    </PageContainer>
  );
}
