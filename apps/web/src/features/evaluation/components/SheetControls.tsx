import { Input, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { deskApi } from '@tender/contracts';
import type { Criterion } from '../api/types';
import type { ReviewDraft } from '../sheet/sheet-draft';

const GROUND_OPTIONS = deskApi.REJECT_GROUNDS.map((ground) => ({
  value: ground,
  label: deskApi.REJECT_GROUND_LABELS[ground],
}));

/** A message under a control: the server's or the completeness check's, at its cell. */
export function CellError({ message }: { message?: string }) {
  return message ? (
    <span className="evaluation-cell-error" role="alert">
      {message}
    </span>
  ) : null;
}

/** A review as read after submitting. */
export function ReviewText({ review }: { review?: Pick<ReviewDraft, 'pass' | 'ground' | 'note'> }) {
  if (review?.pass === undefined) return <Typography.Text type="secondary">未评审</Typography.Text>;
  if (review.pass) return <Tag color="success">通过</Tag>;
  return (
    <div>
      <Tag color="error">否决</Tag>
      {review.ground && <div>{deskApi.REJECT_GROUND_LABELS[review.ground]}</div>}
      {review.note && <Typography.Text type="secondary">{review.note}</Typography.Text>}
    </div>
  );
}

/** 通过 / 否决 of one bid; 否决 asks for one of R 51's grounds and a note. */
export function ReviewControl({
  supplierName,
  review,
  onChange,
  errors,
}: {
  supplierName: string;
  review: ReviewDraft | undefined;
  onChange: (next: ReviewDraft) => void;
  errors: { review?: string; ground?: string; note?: string };
}) {
  const current = review ?? { note: '' };
  const decision = current.pass === undefined ? undefined : current.pass ? 'pass' : 'reject';
  return (
    <div className="evaluation-review">
      <Radio.Group
        aria-label={`${supplierName} 评审结论`}
        value={decision}
        optionType="button"
        buttonStyle="solid"
        size="small"
        options={[
          { value: 'pass', label: '通过' },
          { value: 'reject', label: '否决' },
        ]}
        onChange={(event) => onChange({ ...current, pass: event.target.value === 'pass' })}
      />
      <CellError message={errors.review} />
      {current.pass === false && (
        <div style={{ marginTop: 8 }}>
          <Select
            aria-label={`${supplierName} 否决理由`}
            placeholder="否决理由（实施条例第五十一条）"
            value={current.ground ?? undefined}
            status={errors.ground ? 'error' : undefined}
            options={GROUND_OPTIONS}
            onChange={(ground) => onChange({ ...current, ground })}
            style={{ width: '100%' }}
            popupMatchSelectWidth={false}
          />
          <CellError message={errors.ground} />
          <Input.TextArea
            aria-label={`${supplierName} 评审说明`}
            placeholder="评审说明"
            value={current.note}
            status={errors.note ? 'error' : undefined}
            maxLength={1000}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(event) => onChange({ ...current, note: event.target.value })}
            style={{ marginTop: 4 }}
          />
          <CellError message={errors.note} />
        </div>
      )}
    </div>
  );
}

/** One score: 0 to the criterion's maximum, one decimal. */
export function ScoreInput({
  supplierName,
  criterion,
  value,
  onChange,
  error,
}: {
  supplierName: string;
  criterion: Criterion;
  value: number | null | undefined;
  onChange: (score: number | null) => void;
  error?: string;
}) {
  return (
    <div>
      <InputNumber
        aria-label={`${supplierName} ${criterion.name}`}
        min={0}
        max={criterion.maxScore}
        step={0.1}
        precision={1}
        value={value ?? null}
        status={error ? 'error' : undefined}
        onChange={(score) => onChange(score === null ? null : Number(score))}
        style={{ width: 96 }}
        suffix={`/${criterion.maxScore}`}
      />
      <CellError message={error} />
    </div>
  );
}

/** The heading of a criterion's column: its name, kind and maximum. */
export const criterionTitle = (criterion: Criterion) =>
  `${criterion.name}（满分 ${criterion.maxScore}）`;
