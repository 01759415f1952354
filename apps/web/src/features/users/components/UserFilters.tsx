import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useRoleOptions } from '@/features/roles/api/list-role';
import { STATUS_OPTIONS } from '@/components/status';

export interface UserFilterValues {
  username?: string;
  realName?: string;
  roleId?: number;
  status?: 'enabled' | 'disabled';
}

/** The filter card above the user table; the values live in the URL, this form mirrors them. */
export function UserFilters({
  values,
  onSearch,
}: {
  values: UserFilterValues;
  onSearch: (values: UserFilterValues) => void;
}) {
  const [form] = Form.useForm<UserFilterValues>();
  const roles = useRoleOptions();
  const { username, realName, roleId, status } = values;

  useEffect(() => {
    form.setFieldsValue({ username, realName, roleId, status });
  }, [form, username, realName, roleId, status]);

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form name="user-filters" form={form} onFinish={onSearch} aria-label="用户筛选">
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item name="username" label="用户名">
              <Input placeholder="请输入用户名" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item name="realName" label="姓名">
              <Input placeholder="请输入姓名" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item name="roleId" label="角色">
              <Select
                placeholder="全部角色"
                allowClear
                loading={roles.isLoading}
                options={roles.data}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item name="status" label="状态">
              <Select placeholder="全部状态" allowClear options={STATUS_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={4} style={{ textAlign: 'right', marginBottom: 24 }}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                搜索
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
              >
                重置
              </Button>
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
