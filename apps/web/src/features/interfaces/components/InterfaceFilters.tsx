import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PowerTreeSelect } from '@/features/powers/components/PowerTreeSelect';
import { HTTP_METHODS, type HttpMethod } from './method-tag';

export interface InterfaceFilterValues {
  keyword?: string;
  powerId?: number;
  method?: HttpMethod;
}

/** The filter card above the interface table; the values live in the URL. */
export function InterfaceFilters({
  values,
  onSearch,
}: {
  values: InterfaceFilterValues;
  onSearch: (values: InterfaceFilterValues) => void;
}) {
  const [form] = Form.useForm<InterfaceFilterValues>();
  const { keyword, powerId, method } = values;

  useEffect(() => {
    form.setFieldsValue({ keyword, powerId, method });
  }, [form, keyword, powerId, method]);

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form name="interface-filters" form={form} onFinish={onSearch} aria-label="接口筛选">
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="名称或路径" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="powerId" label="权限">
              <PowerTreeSelect placeholder="全部权限" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={4}>
            <Form.Item name="method" label="方法">
              <Select
                placeholder="全部"
                allowClear
                options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={4} style={{ textAlign: 'right', marginBottom: 24 }}>
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
