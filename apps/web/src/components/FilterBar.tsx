import { useEffect, type ReactNode } from 'react';
import { Button, Card, Col, Form, Row, Space, type FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';

/** One filter: its form field and how many of the 24 columns it takes from `sm` and `lg` up. */
export interface FilterField {
  name: string;
  label: string;
  control: ReactNode;
  /** Defaults to half the row on tablets. */
  sm?: number;
  lg: number;
}

/**
 * The filter card above a list: the fields in a responsive row, then 搜索 and 重置. The screen
 * keeps the values in the URL; 重置 empties the form and lets the screen drop them.
 */
export function FilterBar<V extends object>({
  form,
  name,
  label,
  fields,
  buttons,
  onSearch,
  onReset,
}: {
  form: FormInstance<V>;
  name: string;
  label: string;
  fields: FilterField[];
  /** Where the 搜索 / 重置 pair sits: full width on phones, then these columns. */
  buttons: { sm?: number; lg: number };
  onSearch: (values: V) => void;
  onReset: () => void;
}) {
  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form<V> name={name} form={form} onFinish={onSearch} aria-label={label}>
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.name} xs={24} sm={field.sm ?? 12} lg={field.lg}>
              <Form.Item name={field.name} label={field.label}>
                {field.control}
              </Form.Item>
            </Col>
          ))}
          <Col
            xs={24}
            sm={buttons.sm}
            lg={buttons.lg}
            style={{ textAlign: 'right', marginBottom: 24 }}
          >
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                搜索
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  onReset();
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

/**
 * FilterBar over filters the screen keeps in the URL: the form shows `values` again whenever
 * they change there (a link, a summary's shortcut, the back button), and 重置 asks for none.
 */
export function UrlFilterBar<V extends object>({
  values,
  onSearch,
  ...bar
}: {
  values: V;
  onSearch: (values: V) => void;
  name: string;
  label: string;
  fields: FilterField[];
  buttons: { sm?: number; lg: number };
}) {
  const [form] = Form.useForm<V>();
  // Compared by content: a page change gives a new object, and must not undo what is typed.
  const shown = JSON.stringify(
    bar.fields.map((field) => [
      field.name,
      (values as Record<string, unknown>)[field.name] ?? null,
    ]),
  );
  useEffect(() => {
    const entries = (JSON.parse(shown) as [string, unknown][]).map(([name, value]) => [
      name,
      value ?? undefined,
    ]);
    form.setFieldsValue(Object.fromEntries(entries) as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);
  return (
    <FilterBar<V> {...bar} form={form} onSearch={onSearch} onReset={() => onSearch({} as V)} />
  );
}
