import { Space, Tag } from 'antd';
import { CRITERION_KIND_LABELS } from '@tender/contracts/evaluation';
import { METHOD_OPTIONS } from './EvaluationEditor';
import { evaluationOf } from './evaluation-form-values';

const methodLabel = (method: string) => METHOD_OPTIONS.find((o) => o.value === method)?.label;

/** 评标办法 as the detail's info tab says it: who awards, the method, the criteria and formula. */
export function EvaluationSummary({ tender }: { tender: object }) {
  const evaluation = evaluationOf(tender);
  if (!evaluation?.committee) return <>招标管理员比价定标（不组建评标委员会）</>;
  const formula =
    evaluation.priceFormula === 'lowest_benchmark'
      ? '价格分：最低价基准法'
      : `价格分：平均价基准法（k = ${evaluation.benchmarkFactor}，高于扣 ${evaluation.deductAbove}，低于扣 ${evaluation.deductBelow}）`;
  return (
    <Space direction="vertical" size={4}>
      <span>
        评标委员会评标 · {methodLabel(evaluation.method)} · 推荐 {evaluation.candidates}{' '}
        名中标候选人
      </span>
      {evaluation.method === 'comprehensive' && (
        <>
          <Space size={[0, 4]} wrap>
            {evaluation.criteria.map((c) => (
              <Tag key={c.criterionId}>
                {c.name}（{CRITERION_KIND_LABELS[c.kind]}）{c.maxScore} 分
              </Tag>
            ))}
          </Space>
          <span>{formula}</span>
        </>
      )}
    </Space>
  );
}
