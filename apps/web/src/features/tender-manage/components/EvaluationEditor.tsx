import { useMemo } from 'react';
import {
  Alert,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Table,
  Tooltip,
} from 'antd';
import type { FormInstance, FormListFieldData, FormRule, TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CRITERIA_TOTAL,
  CRITERION_KIND_LABELS,
  CRITERION_KINDS,
  criterionInput,
  evaluationSettings,
  MAX_CANDIDATES,
  MAX_CRITERIA,
  MIN_PRICE_CRITERION,
} from '@tender/contracts/evaluation';
import { rulesFrom } from '@/lib/form-errors';
import { WholeNumberInput } from './TenderFields';
import {
  criteriaTotal,
  evaluationIssueAt,
  evaluationRuleIssues,
  newCriterionRow,
  type CriterionFormRow,
  type EvaluationFormValues,
} from './evaluation-form-values';
import { PriceFormulaExample } from './PriceFormulaExample';

const rules = rulesFrom(evaluationSettings);
const criterionRules = rulesFrom(criterionInput);
const EVAL = 'evaluation';

export const METHOD_OPTIONS = [
  { value: 'lowest_price', label: '经评审的最低投标价法' },
  { value: 'comprehensive', label: '综合评估法' },
];
const FORMULA_OPTIONS = [
  { value: 'lowest_benchmark', label: '最低价基准法（B = 最低有效报价，得分 = M × B / P）' },
  {
    value: 'average_benchmark',
    label: '平均价基准法（B = k × 有效报价平均值，偏离 B 按比例扣分）',
  },
];
/** The three numbers of the average-benchmark formula, drawn alike side by side. */
const AVERAGE_BENCHMARK_FIELDS = [
  { name: 'benchmarkFactor', label: '基准价系数 k', extra: '0.90–1.00，默认 0.95' },
  { name: 'deductAbove', label: '高于基准价扣分系数', extra: '每高于 B 1%，扣 M 的该系数 %' },
  { name: 'deductBelow', label: '低于基准价扣分系数', extra: '每低于 B 1%，扣 M 的该系数 %' },
] as const;
const KIND_OPTIONS = CRITERION_KINDS.map((kind) => ({
  value: kind,
  label: CRITERION_KIND_LABELS[kind],
}));

export const COMMITTEE_FORCED_HINT =
  '依法必须招标的项目必须由评标委员会评标，定标须按评标委员会推荐的中标候选人顺序（招标投标法第三十七条、第五十七条）。';

/** A rule that paints the settings' cross-field issue at `path` (the server's own words). */
const issueRule =
  (path: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const issues = evaluationRuleIssues(getFieldValue(EVAL) as EvaluationFormValues, {
        mandatory: getFieldValue('mandatory') as boolean | undefined,
      });
      const message = evaluationIssueAt(issues, [EVAL, ...path]);
      if (message) throw new Error(message);
    },
  });

/** The criteria table's list rule: the total, the one price criterion (under the table). */
const listRule = (form: FormInstance) => ({
  validator: async () => {
    const values = form.getFieldValue(EVAL) as EvaluationFormValues | undefined;
    if (!values?.committee || values.method !== 'comprehensive') return;
    const message = evaluationIssueAt(
      evaluationRuleIssues(values, { mandatory: form.getFieldValue('mandatory') as boolean }),
      [EVAL, 'criteria'],
    );
    if (message) throw new Error(message);
  },
});

/** 评分项: name, kind and maxScore per row, add and remove, and the running total. */
function CriteriaTable() {
  const form = Form.useFormInstance();
  const rows = Form.useWatch([EVAL, 'criteria']) as CriterionFormRow[] | undefined;
  const total = criteriaTotal(rows);
  // The list's own rules (the total, one price criterion) said as typed, under the table.
  const liveIssue = evaluationIssueAt(
    evaluationRuleIssues(
      { committee: true, method: 'comprehensive', criteria: rows },
      { mandatory: false },
    ),
    [EVAL, 'criteria'],
  );
  // One array per message: ErrorList animates a change of list, and a new one each render loops.
  const liveErrors = useMemo(() => (liveIssue ? [liveIssue] : []), [liveIssue]);
  const cell = (field: FormListFieldData, name: 'name' | 'kind' | 'maxScore'): FormRule[] => [
    ...criterionRules[name],
    issueRule(['criteria', field.name, name]),
  ];

  return (
    <Form.List name={[EVAL, 'criteria']} rules={[listRule(form)]}>
      {(fields, { add, remove }, { errors }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          { key: 'no', title: '序号', width: 56, align: 'center', render: (_, f) => f.name + 1 },
          {
            key: 'name',
            title: '评分项',
            render: (_, f) => (
              <Form.Item name={[f.name, 'name']} rules={cell(f, 'name')} style={{ margin: 0 }}>
                <Input maxLength={50} aria-label={`评分项 ${f.name + 1} 名称`} />
              </Form.Item>
            ),
          },
          {
            key: 'kind',
            title: '类型',
            width: 120,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'kind']}
                rules={cell(f, 'kind')}
                dependencies={[[EVAL, 'criteria']]}
                style={{ margin: 0 }}
              >
                <Select options={KIND_OPTIONS} aria-label={`评分项 ${f.name + 1} 类型`} />
              </Form.Item>
            ),
          },
          {
            key: 'maxScore',
            title: '分值',
            width: 120,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'maxScore']}
                rules={cell(f, 'maxScore')}
                dependencies={[[EVAL, 'criteria', f.name, 'kind']]}
                style={{ margin: 0 }}
              >
                <WholeNumberInput
                  min={1}
                  max={CRITERIA_TOTAL}
                  aria-label={`评分项 ${f.name + 1} 分值`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'actions',
            title: '操作',
            width: 64,
            align: 'center',
            render: (_, f) => (
              <Tooltip title="删除">
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除评分项 ${f.name + 1}`}
                  disabled={fields.length <= 1}
                  onClick={() => remove(f.name)}
                />
              </Tooltip>
            ),
          },
        ];
        return (
          <div className="criteria-editor">
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              bordered
              pagination={false}
              columns={columns}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              aria-label="评分项"
            />
            <div className="lots-editor-footer">
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_CRITERIA}
                onClick={() => add(newCriterionRow())}
              >
                添加评分项
              </Button>
              <span
                data-testid="criteria-total"
                className={total === CRITERIA_TOTAL ? 'criteria-total-ok' : 'criteria-total-short'}
              >
                分值合计 {total} / {CRITERIA_TOTAL}
                {total !== CRITERIA_TOTAL &&
                  (total < CRITERIA_TOTAL
                    ? `（还差 ${CRITERIA_TOTAL - total} 分）`
                    : `（超出 ${total - CRITERIA_TOTAL} 分）`)}
              </span>
            </div>
            <Form.ErrorList errors={errors.length || !liveIssue ? errors : liveErrors} />
          </div>
        );
      }}
    </Form.List>
  );
}

/**
 * 评标设置 in the tender form: committee or the manager's award (forced on for 依法必须招标),
 * the method, 综合评估法's criteria with their running total, the price formula with a worked
 * example, and the number of candidates; each rule checked as typed in the server's words.
 * `budget` seeds the example's sample prices.
 */
export function EvaluationEditor({
  mandatory,
  budget,
  currency,
}: {
  mandatory: boolean;
  budget: number | null | undefined;
  currency?: string;
}) {
  const values = Form.useWatch(EVAL) as EvaluationFormValues | undefined;
  const committee = !!values?.committee;
  const comprehensive = values?.method === 'comprehensive';
  const third = { xs: 24, sm: 12, md: 8 };

  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item
          name={[EVAL, 'committee']}
          label="组建评标委员会"
          valuePropName="checked"
          dependencies={['mandatory']}
          rules={[issueRule(['committee'])]}
          extra={
            mandatory
              ? COMMITTEE_FORCED_HINT
              : committee
                ? '截止后随机抽取评标专家组成评标委员会，由其评审、打分并推荐中标候选人'
                : '不组建时由招标管理员比价定标（非依法必须招标的企业自主采购）'
          }
        >
          <Switch
            checkedChildren="是"
            unCheckedChildren="否"
            disabled={mandatory}
            aria-label="组建评标委员会"
          />
        </Form.Item>
      </Col>
      {committee && (
        <>
          <Col xs={24} md={16}>
            <Form.Item name={[EVAL, 'method']} label="评标办法">
              <Radio.Group options={METHOD_OPTIONS} optionType="button" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name={[EVAL, 'candidates']}
              label="推荐中标候选人数"
              rules={rules.candidates}
              extra="有效投标不足时相应减少"
            >
              <WholeNumberInput min={1} max={MAX_CANDIDATES} />
            </Form.Item>
          </Col>
          {!comprehensive && (
            <Col xs={24}>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="经评审的最低投标价法：通过评审的投标按报价由低到高排序，不设评分项。"
              />
            </Col>
          )}
          {comprehensive && (
            <>
              <Col xs={24}>
                <Form.Item
                  label="评分项"
                  extra={`分值为整数，合计必须等于 ${CRITERIA_TOTAL}；有且只有 1 个价格评分项，不低于 ${MIN_PRICE_CRITERION} 分。评标委员会只能按这些评分项打分。`}
                >
                  <CriteriaTable />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name={[EVAL, 'priceFormula']} label="价格分计算方法">
                  <Radio.Group options={FORMULA_OPTIONS} className="formula-options" />
                </Form.Item>
              </Col>
              {values?.priceFormula === 'average_benchmark' && (
                <>
                  {AVERAGE_BENCHMARK_FIELDS.map(({ name, label, extra }) => (
                    <Col {...third} key={name}>
                      <Form.Item
                        name={[EVAL, name]}
                        label={label}
                        rules={rules[name]}
                        extra={extra}
                      >
                        <InputNumber step={0.01} style={{ width: '100%' }} aria-label={label} />
                      </Form.Item>
                    </Col>
                  ))}
                </>
              )}
              <Col xs={24}>
                <PriceFormulaExample values={values} budget={budget} currency={currency} />
              </Col>
            </>
          )}
        </>
      )}
    </Row>
  );
}
