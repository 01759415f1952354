import { useState } from 'react';
import { Button, Card, InputNumber, Table, Tag, Typography } from 'antd';
import { TRIMMED_MEAN_FROM } from '@tender/contracts/evaluation-formula';
import { amountFormatter, amountParser, formatMoney } from '@/lib/amount';
import {
  formulaOf,
  priceMaxScore,
  samplePrices,
  workedExample,
  type EvaluationFormValues,
} from './evaluation-form-values';

/**
 * 计算示例: the price formula worked live on five editable sample prices (seeded from the
 * budget) with the server's own arithmetic: B, and each sample's price score out of M.
 */
export function PriceFormulaExample({
  values,
  budget,
  currency = 'CNY',
}: {
  values: EvaluationFormValues | undefined;
  budget: number | null | undefined;
  currency?: string;
}) {
  // Untouched samples follow the budget; once the manager types one, they stay as typed.
  const [typed, setTyped] = useState<(number | null)[]>();
  const prices = typed ?? samplePrices(budget);
  const formula = formulaOf(values);
  const maxScore = priceMaxScore(values?.criteria);
  const example = maxScore ? workedExample(prices, maxScore, formula) : undefined;
  const average = formula.kind === 'average_benchmark';
  let shown = 0;
  const rows = prices.map((price, index) => {
    const row = price && price > 0 ? example?.rows[shown++] : undefined;
    return { index, price, score: row?.score, leftOut: row?.leftOut ?? false };
  });

  return (
    <Card
      size="small"
      className="formula-example"
      title="计算示例（按上述设置实时计算）"
      extra={
        typed && (
          <Button size="small" type="link" onClick={() => setTyped(undefined)}>
            按预算重置
          </Button>
        )
      }
    >
      {!maxScore ? (
        <Typography.Text type="secondary">设置 1 个价格评分项后显示计算示例。</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph data-testid="formula-benchmark" style={{ marginBottom: 8 }}>
            基准价 B ={' '}
            <Typography.Text strong>
              {example ? formatMoney(example.benchmark, currency) : '—'}
            </Typography.Text>
            {average
              ? `（${formula.benchmarkFactor} × 有效报价${example?.trimmed ? '去掉最高价和最低价后' : ''}的平均值）`
              : '（最低有效报价）'}
            ；价格分满分 M = {maxScore}。
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {average
              ? `得分 = max(0, M × (1 − e × |P − B| / B))，高于 B 时 e = ${formula.deductAbove}，低于 B 时 e = ${formula.deductBelow}。有效报价 ${TRIMMED_MEAN_FROM} 家及以上时，去掉一个最高价和一个最低价后再平均。`
              : '得分 = M × B / P，最低报价得满分。'}
          </Typography.Paragraph>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="index"
            dataSource={rows}
            aria-label="计算示例"
            columns={[
              { key: 'no', title: '样本', width: 56, render: (_, r) => r.index + 1 },
              {
                key: 'price',
                title: '投标报价 P',
                render: (_, r) => (
                  <InputNumber<number>
                    value={r.price}
                    min={0}
                    precision={2}
                    formatter={amountFormatter}
                    parser={amountParser}
                    style={{ width: '100%', minWidth: 120 }}
                    aria-label={`样本 ${r.index + 1} 报价`}
                    onChange={(value) =>
                      setTyped(prices.map((p, i) => (i === r.index ? value : p)))
                    }
                  />
                ),
              },
              {
                key: 'score',
                title: '价格分',
                width: 140,
                render: (_, r) => (
                  <span data-testid={`sample-score-${r.index + 1}`}>
                    {r.score === undefined ? '—' : r.score.toFixed(2)}
                    {r.leftOut && (
                      <Tag style={{ marginLeft: 6 }} title="不计入平均值">
                        不计入平均
                      </Tag>
                    )}
                  </span>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
