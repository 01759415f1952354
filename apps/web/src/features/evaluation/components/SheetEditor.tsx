import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { ApiError } from '@/lib/request';
import { useFeedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/time';
import type { Sheet } from '../api/types';
import { useSaveSheet } from '../api/save-sheet';
import { useSubmitSheet } from '../api/submit-sheet';
import { sheetGaps } from '../sheet/sheet-completeness';
import {
  cellOfPath,
  draftOf,
  saveInputOf,
  scoreKey,
  type ReviewDraft,
  type SheetDraft,
} from '../sheet/sheet-draft';
import { BidSheetTable } from './BidSheetTable';

/** Paints a refusal at its cells; answers the messages no cell could take. */
function cellErrorsOf(error: unknown, order: Parameters<typeof cellOfPath>[1]) {
  const cells: Record<string, string> = {};
  const loose: string[] = [];
  if (error instanceof ApiError) {
    for (const field of error.fieldList) {
      const cell = cellOfPath(field.field, order);
      if (cell) cells[cell] ??= field.message;
      else loose.push(field.message);
    }
    if (error.fieldList.length === 0) loose.push(error.message);
  } else loose.push(error instanceof Error ? error.message : String(error));
  return { cells, loose };
}

/**
 * The caller's own sheet: filled alone, saved as often as wanted, submitted once (then read-only).
 * Before submitting, what is missing is listed and marked at its cells, as the server would refuse.
 */
export function SheetEditor({
  sheet,
  editable,
  onAsk,
}: {
  sheet: Sheet;
  editable: boolean;
  onAsk?: (bidId: number) => void;
}) {
  const { message, modal } = useFeedback();
  const [draft, setDraft] = useState<SheetDraft>(() => draftOf(sheet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveSheet();
  const submit = useSubmitSheet();
  const lot = { tenderId: sheet.tenderId, lotId: sheet.lotId };

  const clear = (...cells: string[]) =>
    setErrors((all) => {
      const next = { ...all };
      cells.forEach((cell) => delete next[cell]);
      return next;
    });
  const onReview = (bidId: number, review: ReviewDraft) => {
    setDraft((d) => ({ ...d, review: { ...d.review, [bidId]: review } }));
    clear(`review:${bidId}`, `ground:${bidId}`, `note:${bidId}`);
  };
  const onScore = (bidId: number, criterionId: number, score: number | null) => {
    setDraft((d) => ({ ...d, scores: { ...d.scores, [scoreKey(bidId, criterionId)]: score } }));
    clear(`score:${bidId}:${criterionId}`);
  };

  /** Saves the draft; answers whether the server took it (refusals shown at their cells). */
  const saveDraft = async () => {
    const { input, order } = saveInputOf(sheet, draft);
    try {
      await save.mutateAsync(input);
      setErrors({});
      setProblems([]);
      return true;
    } catch (error) {
      const { cells, loose } = cellErrorsOf(error, order);
      setErrors(cells);
      setProblems(loose.length ? loose : ['保存失败：请按标红处修改']);
      return false;
    }
  };

  const onSave = async () => {
    if (await saveDraft()) message.success('评分表已保存');
  };

  const onSubmit = () => {
    const gaps = sheetGaps(sheet, draft);
    if (gaps.length) {
      setErrors(Object.fromEntries(gaps.map((gap) => [gap.cell, gap.message])));
      setProblems(gaps.map((gap) => gap.message));
      return;
    }
    modal.confirm({
      title: '确认提交评分表？',
      content:
        '提交后评分表即锁定，不能再修改（组长退回的除外）；提交后可查看其他委员已提交的评分表。',
      okText: '确认提交',
      cancelText: '取消',
      onOk: async () => {
        if (!(await saveDraft())) return;
        try {
          await submit.mutateAsync(lot);
          message.success('评分表已提交');
        } catch (error) {
          const { cells, loose } = cellErrorsOf(error, { review: [], scores: [] });
          setErrors(cells);
          setProblems(loose);
        }
      },
    });
  };

  return (
    <div>
      {sheet.reopenReason && editable && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="组长已退回您的评分表，请复核后重新提交"
          description={`退回理由：${sheet.reopenReason}`}
        />
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={editable ? '评分表尚不能提交' : '操作未成功'}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <BidSheetTable
        sheet={sheet}
        draft={draft}
        editable={editable}
        errors={errors}
        onReview={onReview}
        onScore={onScore}
        onAsk={onAsk}
      />
      <Space wrap style={{ marginTop: 12 }}>
        {editable ? (
          <>
            <Button onClick={onSave} loading={save.isPending}>
              保存
            </Button>
            <Button type="primary" onClick={onSubmit} loading={submit.isPending}>
              提交
            </Button>
            <Typography.Text type="secondary">
              {sheet.savedAt ? `上次保存：${formatDateTime(sheet.savedAt)}` : '尚未保存'}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">
            {sheet.submittedAt
              ? `已于 ${formatDateTime(sheet.submittedAt)} 提交，评分表已锁定`
              : '评分表已锁定'}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
