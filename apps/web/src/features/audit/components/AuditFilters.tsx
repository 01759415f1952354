import { useEffect } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useAdminOptions } from '@/features/users/api/list-admin';

export interface AuditFilterValues {
  userid?: number;
  action?: string;
  from?: string;
  to?: string;
}

interface AuditFilterForm {
  userid?: number;
  action?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** The filter card above the audit log; dates become a whole-day ISO range in the URL. */
export function AuditFilters({
  values,
  onSearch,
}: {
  values: AuditFilterValues;
  onSearch: (values: AuditFilterValues) => void;
}) {
  const [form] = Form.useForm<AuditFilterForm>();
  const users = useAdminOptions();
  const { userid, action, from, to } = values;

  useEffect(() => {
    form.setFieldsValue({ userid, action, range: from && to ? [dayjs(from), dayjs(to)] : null });
  }, [form, userid, action, from, to]);

  const search = ({ range, ...rest }: AuditFilterForm) =>
    onSearch({
      ...rest,
      from: range?.[0].startOf('day').toISOString(),
      to: range?.[1].endOf('day').toISOString(),
    });

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form name="audit-filters" form={form} onFinish={search} aria-label="审计日志筛选">
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="userid" label="用户">
              <Select
                placeholder="全部用户"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={users.isLoading}
                options={users.data}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="action" label="操作">
              <Input placeholder="如 修改用户" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={24} lg={8}>
            <Form.Item name="range" label="日期">
              <DatePicker.RangePicker style={{ width: '100%' }} />
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
