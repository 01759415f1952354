import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/request';
import { sheetOf } from '../test-fixtures';
import { asksInsufficientDecision, finishBlockers } from './FinishPanel';

describe('the chair’s 完成评标', () => {
  it('waits for every member’s sheet and every open clarification', () => {
    const sheet = sheetOf({
      progress: [
        { memberId: 1, name: '张评审', submitted: true },
        { memberId: 2, name: '李评审', submitted: false },
        { memberId: 3, name: '王评审', submitted: false },
      ],
      openClarifications: 1,
    });
    expect(finishBlockers(sheet)).toEqual([
      '尚未提交评分表：李评审、王评审',
      '有 1 个澄清尚待投标人答复（或未到答复期限）',
    ]);
    const ready = sheetOf({
      progress: sheet.progress.map((m) => ({ ...m, submitted: true })),
    });
    expect(finishBlockers(ready)).toEqual([]);
  });

  it('asks for the committee’s decision only on a 400 about `insufficient`', () => {
    const insufficient = new ApiError(400, '有效投标不足 3 家，请委员会决定', {
      fields: [{ field: 'insufficient', message: '有效投标不足 3 家，请委员会决定' }],
    });
    expect(asksInsufficientDecision(insufficient)).toBe(true);
    expect(asksInsufficientDecision(new ApiError(409, '尚有委员未提交评分表'))).toBe(false);
    expect(
      asksInsufficientDecision(
        new ApiError(400, 'x', { fields: [{ field: 'reason', message: '决定理由不能为空' }] }),
      ),
    ).toBe(false);
  });
});
