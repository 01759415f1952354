import { cloneElement, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { Button, Form, Input, Space, Table, Tooltip, Typography } from 'antd';
import type { FormListFieldData, FormRule, TableColumnsType } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { lotApi, MAX_LOTS } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { amountInWords, formatMoney } from '@/lib/amount';
import { AmountInput } from './AmountInput';
import { WholeNumberInput } from './TenderFields';
import { issueAt, lotRuleIssues, lotsBudget, newLotRow, type LotFormRow } from './lot-form-values';

const lotRules = rulesFrom(lotApi.lotInput);
type LotField = 'name' | 'budget' | 'priceCeiling' | 'minBids' | 'bidBond' | 'quantity';

/** A cell's own rules (antd's "请输入…" named by the column), then the lot rules at that cell. */
function cellRules(field: LotField, label: string, index: number): FormRule[] {
  return [
    ...lotRules[field].map((rule) =>
      typeof rule === 'object' && 'required' in rule
        ? { ...rule, message: `请输入${label}` }
        : rule,
    ),
    ({ getFieldValue }) => ({
      validator: async () => {
        const issues = lotRuleIssues(getFieldValue('lots') as LotFormRow[] | undefined, {
          mandatory: getFieldValue('mandatory') as boolean | undefined,
        });
        const message = issueAt(issues, ['lots', index, field]);
        if (message) throw new Error(message);
      },
    }),
  ];
}

/** The rules over the whole list (how many lots), shown under the table. */
const listRules = [
  {
    validator: async (_: unknown, rows: LotFormRow[] | undefined) => {
      const message = issueAt(lotRuleIssues(rows, {}), ['lots']);
      if (message) throw new Error(message);
    },
  },
];

/**
 * 标段: the tender's lots as an editable table (名称, 预算, 限价, 最少有效投标数, 保证金, 数量,
 * 说明), each cell checked as it is typed with the server's own rules, and 合计预算 under it.
 * `fixed` (an amendment after publication): the lots' fields change, none is added, removed
 * or moved.
 */
export function LotsEditor({
  fixed = false,
  currency = 'CNY',
}: {
  fixed?: boolean;
  currency?: string;
}) {
  const rows = Form.useWatch('lots') as LotFormRow[] | undefined;
  const total = lotsBudget(rows);
  const count = rows?.length ?? 0;

  return (
    <Form.List name="lots" rules={fixed ? undefined : listRules}>
      {(fields, { add, remove, move }, { errors }) => {
        const cell = (
          field: FormListFieldData,
          name: LotField | 'description',
          label: string,
          input: ReactNode,
          extra?: Partial<ComponentProps<typeof Form.Item>>,
        ) => (
          <Form.Item
            name={[field.name, name]}
            rules={
              name === 'description' ? lotRules.description : cellRules(name, label, field.name)
            }
            style={{ marginBottom: 0 }}
            {...extra}
          >
            {/* Each cell says which lot and field it is, to screen readers as to tests. */}
            {isValidElement<{ 'aria-label'?: string }>(input)
              ? cloneElement(input, { 'aria-label': `标段 ${field.name + 1} ${label}` })
              : input}
          </Form.Item>
        );
        const columns: TableColumnsType<FormListFieldData> = [
          {
            key: 'lotNo',
            title: '标段号',
            width: 64,
            align: 'center',
            render: (_, field) => field.name + 1,
          },
          {
            key: 'name',
            title: '标段名称',
            width: 200,
            render: (_, field) =>
              cell(
                field,
                'name',
                '标段名称',
                <Input
                  placeholder="如：110kV 主变压器"
                  maxLength={100}
                  aria-label={`标段 ${field.name + 1} 名称`}
                />,
              ),
          },
          {
            key: 'budget',
            title: '预算（元）',
            width: 170,
            render: (_, field) =>
              cell(field, 'budget', '标段预算', <AmountInput placeholder="0.00" />),
          },
          {
            key: 'priceCeiling',
            title: '最高限价',
            width: 170,
            render: (_, field) =>
              cell(field, 'priceCeiling', '最高限价', <AmountInput placeholder="可不填" />),
          },
          {
            key: 'minBids',
            title: '最少有效投标数',
            width: 120,
            render: (_, field) =>
              cell(field, 'minBids', '最少有效投标数', <WholeNumberInput min={1} max={50} />, {
                dependencies: ['mandatory'],
              }),
          },
          {
            key: 'bidBond',
            title: '投标保证金',
            width: 220,
            render: (_, field) =>
              cell(field, 'bidBond', '投标保证金', <AmountInput placeholder="0 表示不收取" />, {
                dependencies: [['lots', field.name, 'budget']],
              }),
          },
          {
            key: 'quantity',
            title: '数量',
            width: 120,
            render: (_, field) =>
              cell(field, 'quantity', '数量', <Input placeholder="如：2 台" maxLength={50} />),
          },
          {
            key: 'description',
            title: '说明',
            width: 200,
            render: (_, field) =>
              cell(field, 'description', '说明', <Input placeholder="可不填" maxLength={2000} />),
          },
          ...(fixed
            ? []
            : [
                {
                  key: 'actions',
                  title: '操作',
                  width: 120,
                  fixed: 'right' as const,
                  render: (_: unknown, field: FormListFieldData) => (
                    <Space size={0}>
                      <Tooltip title="上移">
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={`上移标段 ${field.name + 1}`}
                          disabled={field.name === 0}
                          onClick={() => move(field.name, field.name - 1)}
                        />
                      </Tooltip>
                      <Tooltip title="下移">
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={`下移标段 ${field.name + 1}`}
                          disabled={field.name === fields.length - 1}
                          onClick={() => move(field.name, field.name + 1)}
                        />
                      </Tooltip>
                      <Tooltip title="删除">
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`删除标段 ${field.name + 1}`}
                          disabled={fields.length <= 1}
                          onClick={() => remove(field.name)}
                        />
                      </Tooltip>
                    </Space>
                  ),
                },
              ]),
        ];
        return (
          <div className="lots-editor">
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              bordered
              pagination={false}
              columns={columns}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              aria-label="标段"
            />
            <div className="lots-editor-footer">
              {!fixed && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_LOTS}
                  onClick={() => add(newLotRow())}
                >
                  添加标段
                </Button>
              )}
              <Typography.Text data-testid="lots-total">
                合计预算（{count} 个标段）：
                <Typography.Text strong>{formatMoney(total, currency)}</Typography.Text>
                {total > 0 && (
                  <Typography.Text type="secondary">（{amountInWords(total)}）</Typography.Text>
                )}
              </Typography.Text>
            </div>
            <Form.ErrorList errors={errors} />
          </div>
        );
      }}
    </Form.List>
  );
}
