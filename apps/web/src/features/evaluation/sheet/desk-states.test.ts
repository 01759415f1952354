import { describe, expect, it } from 'vitest';
import { memberOf, sheetOf, taskOf } from '../test-fixtures';
import { deskPhaseOf } from './desk-phase';
import { deskPath, lotActionOf } from './task-action';

const lot = (over: Partial<ReturnType<typeof taskOf>['lots'][number]> = {}) => ({
  ...taskOf().lots[0]!,
  ...over,
});

describe('the action a task list offers on a lot', () => {
  it('asks for the pledge before anything else', () => {
    const task = taskOf({ member: memberOf({ pledgedAt: null }) });
    expect(lotActionOf(task, lot({ state: 'waiting' }))).toEqual({
      kind: 'link',
      label: '签署承诺书',
      tab: 'sheet',
    });
  });

  it('offers nothing to a member who recused', () => {
    const task = taskOf({ member: memberOf({ status: 'recused', reason: '曾任职' }) });
    expect(lotActionOf(task, lot())).toEqual({ kind: 'none', text: '已回避（由备选专家递补）' });
  });

  it('waits for the opening, then enters the desk', () => {
    expect(lotActionOf(taskOf(), lot({ state: 'waiting' }))).toEqual({
      kind: 'none',
      text: '待开标',
    });
    expect(lotActionOf(taskOf(), lot({ sheet: 'draft' }))).toMatchObject({ label: '进入评标' });
  });

  it('asks for the signature while the report waits for it, then shows the report', () => {
    const signing = { version: 1, status: 'signing' as const, signed: false };
    expect(lotActionOf(taskOf(), lot({ state: 'finished', report: signing }))).toEqual({
      kind: 'link',
      label: '签署报告',
      tab: 'report',
    });
    expect(
      lotActionOf(taskOf(), lot({ state: 'finished', report: { ...signing, signed: true } })),
    ).toMatchObject({ label: '查看报告', tab: 'report' });
  });

  it('sends a returned report back to the sheet', () => {
    const returned = { version: 1, status: 'returned' as const, signed: true };
    expect(lotActionOf(taskOf(), lot({ report: returned }))).toMatchObject({ label: '进入评标' });
  });

  it('links to the desk with the lot and the tab', () => {
    expect(deskPath(7, 70)).toBe('/evaluationDesk?tenderId=7&lotId=70');
    expect(deskPath(7, 70, 'report')).toBe('/evaluationDesk?tenderId=7&lotId=70&tab=report');
  });
});

describe('where the desk stands', () => {
  it('shows the pledge, not the sheet, until the member signed it', () => {
    expect(deskPhaseOf(taskOf({ member: memberOf({ pledgedAt: null }) }), undefined)).toEqual({
      kind: 'pledge',
    });
  });

  it('shows nothing more after a recusal', () => {
    const task = taskOf({ member: memberOf({ status: 'recused', reason: '亲属任职' }) });
    expect(deskPhaseOf(task, sheetOf())).toEqual({
      kind: 'left',
      status: 'recused',
      reason: '亲属任职',
    });
  });

  it('lets the member edit until it submits, and again when the chair re-opens it', () => {
    expect(deskPhaseOf(taskOf(), sheetOf())).toEqual({ kind: 'sheet', editable: true });
    expect(deskPhaseOf(taskOf(), sheetOf({ submittedAt: '2026-11-27T10:00:00Z' }))).toEqual({
      kind: 'sheet',
      editable: false,
    });
    expect(deskPhaseOf(taskOf(), sheetOf({ reopenReason: '请复核' }))).toEqual({
      kind: 'sheet',
      editable: true,
    });
  });

  it('locks the sheet once a report exists, and re-opens it when the report is returned', () => {
    const report = { version: 1, status: 'signing' as const };
    expect(deskPhaseOf(taskOf(), sheetOf({ report }))).toMatchObject({ editable: false });
    expect(
      deskPhaseOf(taskOf(), sheetOf({ report: { ...report, status: 'returned' } })),
    ).toMatchObject({
      editable: true,
    });
  });

  it('knows no desk for a tender the caller does not sit on', () => {
    expect(deskPhaseOf(undefined, undefined)).toEqual({ kind: 'unknown' });
  });
});
