import { useState } from 'react';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { committeeApi } from '@tender/contracts';
import { parseForm, showServerFieldErrors } from '@/lib/form-errors';
import { useDict } from '@/hooks/use-dict';
import { useFeedback } from '@/lib/feedback';
import { ApiError } from '@/lib/request';
import { useDrawCommittee } from '../api/draw-committee';
import { useManagerOptions } from '../api/manager-options';
import {
  committeeRules,
  committeeSizeIssue,
  minCommitteeSize,
  representativesIssue,
} from './committee-rules';

interface DrawValues {
  size?: number;
  representativeIds?: number[];
  specialties?: string[];
  standbys?: number;
  chairExpertRank?: number;
}

const { DEFAULT_STANDBYS, MAX_STANDBYS } = committeeApi;

/**
 * 组建评标委员会 before one exists: size, the buyer's representatives, the specialties to draw
 * from (the tender's category by default), standbys and which drawn expert chairs; the rules
 * listed above and checked as typed, the server's refusal (too few eligible experts) said here.
 */
export function DrawCommitteeForm({
  tender,
}: {
  tender: { id: number; mandatory: boolean; category: string };
}) {
  const [form] = Form.useForm<DrawValues>();
  const draw = useDrawCommittee(tender.id);
  const managers = useManagerOptions();
  const categories = useDict('tender_category');
  const { message } = useFeedback();
  const [refusal, setRefusal] = useState<string>();
  const size = Form.useWatch('size', form);
  const min = minCommitteeSize(tender.mandatory);

  const submit = async () => {
    setRefusal(undefined);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = parseForm(form, committeeApi.drawCommitteeSchema, {
      ...values,
      tenderId: tender.id,
    });
    if (!input) return;
    try {
      await draw.mutateAsync(input);
      message.success('评标委员会已组建');
    } catch (error) {
      // A field's rule goes beside it; anything else (too few eligible experts: 409) above.
      if (error instanceof ApiError && !showServerFieldErrors(form, error))
        setRefusal(error.message);
    }
  };

  return (
    <Card size="small" title="组建评标委员会">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="组建规则"
        description={
          <ul className="committee-rules">
            {committeeRules(tender.mandatory, size).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        }
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="未能抽取"
          description={refusal}
          data-testid="draw-refusal"
        />
      )}
      <Form<DrawValues>
        form={form}
        name="draw-committee"
        layout="vertical"
        aria-label="组建评标委员会"
        initialValues={{
          size: min,
          representativeIds: [],
          specialties: [tender.category],
          standbys: DEFAULT_STANDBYS,
          chairExpertRank: 1,
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="size"
              label="委员会人数"
              rules={[
                {
                  validator: async (_, value: number | null) => {
                    const issue = committeeSizeIssue(value, tender.mandatory);
                    if (issue) throw new Error(issue);
                  },
                },
              ]}
            >
              <InputNumber min={min} max={25} step={2} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="standbys" label="备选专家人数" extra="委员回避或更换时依次递补">
              <InputNumber min={0} max={MAX_STANDBYS} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="chairExpertRank" label="组长" extra="第几位抽中的专家担任组长">
              <InputNumber
                min={1}
                max={size ?? 25}
                precision={0}
                prefix="第"
                suffix="位"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="representativeIds"
              label="招标人代表"
              dependencies={['size']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, ids: number[] | undefined) => {
                    const issue = representativesIssue(ids?.length ?? 0, getFieldValue('size'));
                    if (issue) throw new Error(issue);
                  },
                }),
              ]}
              extra="可不选：全部席位由随机抽取的专家担任"
            >
              <Select
                mode="multiple"
                placeholder="选择招标管理人员"
                options={managers.options}
                loading={managers.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="specialties"
              label="抽取专业"
              rules={[{ required: true, type: 'array', min: 1, message: '至少选择 1 个抽取专业' }]}
              extra="默认为本项目的设备类别"
            >
              <Select
                mode="multiple"
                options={categories.options}
                loading={categories.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">
          抽取结果一经产生即记入审计日志，不能重新抽取；委员名单在结果公告前不向投标人公开。
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={draw.isPending}
          onClick={submit}
        >
          随机抽取
        </Button>
      </Form>
    </Card>
  );
}
