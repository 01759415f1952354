import { useState } from 'react';
import { Alert, Badge, Button, Empty, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { SameAccountAlert } from '@/components/SameAccountAlert';
import { useSearchParams } from 'react-router';
import { lotLabel } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/components/PageContainer';
import { useMyTasks } from '../api/list-my-task';
import { useSheet } from '../api/get-sheet';
import { useLotClarifications } from '../api/clarifications';
import { useReport } from '../api/report';
import type { MyTask, Sheet } from '../api/types';
import { deskPhaseOf } from '../sheet/desk-phase';
import { MEMBER_ROLE_LABEL, type DeskTab } from '../sheet/task-action';
import { PledgeCard } from '../components/PledgeCard';
import { SheetEditor } from '../components/SheetEditor';
import { OtherSheets } from '../components/OtherSheets';
import { FinishPanel } from '../components/FinishPanel';
import { ClarificationList } from '../components/ClarificationList';
import { AskClarificationModal } from '../components/AskClarificationModal';
import { ReportView } from '../report/ReportView';
import './evaluation.css';

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

function Progress({ sheet }: { sheet: Sheet }) {
  return (
    <Space size={4} wrap>
      <Typography.Text type="secondary">提交情况：</Typography.Text>
      {sheet.progress.map((member) => (
        <Tag key={member.memberId} color={member.submitted ? 'success' : 'default'}>
          {member.name} {member.submitted ? '已提交' : '未提交'}
        </Tag>
      ))}
    </Space>
  );
}

function DeskTabs({ task, sheet, editable }: { task: MyTask; sheet: Sheet; editable: boolean }) {
  const [params, setParams] = useSearchParams();
  const lot = { tenderId: sheet.tenderId, lotId: sheet.lotId };
  // The bid asked about (null: pick it in the dialog), or undefined when no dialog is open.
  const [asking, setAsking] = useState<number | null>();
  const clarifications = useLotClarifications(lot, true);
  const hasReport = sheet.report !== null;
  const report = useReport(lot, hasReport);
  const submitted = sheet.submittedAt !== null;
  const wanted = (params.get('tab') ?? 'sheet') as DeskTab;
  const tab = wanted === 'report' && !hasReport ? 'sheet' : wanted;
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'sheet') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  const canFinish =
    sheet.chair && submitted && (sheet.report === null || sheet.report.status === 'returned');
  const open = clarifications.data?.filter((c) => c.status === 'open').length ?? 0;

  return (
    <>
      {canFinish && <FinishPanel sheet={sheet} onFinished={() => setTab('report')} />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'sheet',
            label: editable ? '评审与评分' : '本人评分表',
            children: (
              <>
                <SheetEditor
                  // A new sheet from the server (saved elsewhere, re-opened) starts a new draft.
                  key={`${sheet.savedAt}|${sheet.submittedAt}|${sheet.reopenReason}`}
                  sheet={sheet}
                  editable={editable}
                  onAsk={hasReport ? undefined : (bidId) => setAsking(bidId)}
                />
              </>
            ),
          },
          {
            key: 'clarifications',
            label: (
              <Badge count={open} size="small" offset={[8, 0]}>
                评标澄清
              </Badge>
            ),
            children: (
              <>
                {clarifications.isError && (
                  <LoadError
                    error={clarifications.error}
                    onRetry={() => clarifications.refetch()}
                  />
                )}
                {!hasReport && (
                  <Button style={{ marginBottom: 12 }} onClick={() => setAsking(null)}>
                    发起澄清
                  </Button>
                )}
                <ClarificationList
                  clarifications={clarifications.data ?? []}
                  loading={clarifications.isFetching}
                />
              </>
            ),
          },
          ...(submitted
            ? [
                {
                  key: 'others',
                  label: sheet.chair ? '全体评分（组长）' : '其他委员评分',
                  children: <OtherSheets sheet={sheet} />,
                },
              ]
            : []),
          ...(hasReport
            ? [
                {
                  key: 'report',
                  label: '评标报告',
                  children: report.isError ? (
                    <LoadError error={report.error} onRetry={() => report.refetch()} />
                  ) : report.data ? (
                    <ReportView report={report.data} memberId={sheet.memberId} />
                  ) : (
                    <Spin />
                  ),
                },
              ]
            : []),
        ]}
      />
      {asking !== undefined && (
        <AskClarificationModal
          lot={lot}
          bids={sheet.bids}
          bidId={asking ?? undefined}
          onClose={() => setAsking(undefined)}
          onAsked={() => setTab('clarifications')}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        您在本委员会的身份：{MEMBER_ROLE_LABEL(task.member)}
      </Typography.Paragraph>
    </>
  );
}

/**
 * 专家评标台: one lot of one tender. The pledge first; a member who recused sees nothing more;
 * then the bids side by side with the member's review and scores, the clarifications, the
 * others' sheets after submitting, the chair's 完成评标, and the report to sign.
 */
export default function EvaluationDeskScreen() {
  const [params] = useSearchParams();
  const tenderId = positiveInt(params.get('tenderId'));
  const lotId = positiveInt(params.get('lotId'));
  // The caller's seat on this tender only (the server filters; another tender's is an empty page).
  const tasks = useMyTasks({ pageNum: 1, pageSize: 10, tenderId });
  const task = tasks.data?.list.find((t) => t.tenderId === tenderId);
  const [successor, setSuccessor] = useState<string | null>();
  const pledged = task?.member.status === 'active' && task.member.pledgedAt !== null;
  const sheet = useSheet({ tenderId: tenderId ?? 0, lotId }, pledged && tenderId !== undefined);
  const phase = deskPhaseOf(task, sheet.data);
  const lot =
    task?.lots.find((l) => l.lotId === lotId) ??
    (task?.lots.length === 1 ? task.lots[0] : undefined);
  const title = task
    ? `${task.title}${lot && task.lots.length > 1 ? ` · ${lotLabel(lot)}` : ''}`
    : '评标';

  if (tenderId === undefined)
    return (
      <PageContainer title="评标">
        <Empty description="缺少项目（tenderId）：请从「评标任务」进入。" />
      </PageContainer>
    );
  if (tasks.isError)
    return (
      <PageContainer title="评标">
        <LoadError error={tasks.error} onRetry={() => tasks.refetch()} />
      </PageContainer>
    );
  if (!tasks.data)
    return (
      <PageContainer title="评标">
        <Spin />
      </PageContainer>
    );

  if (successor !== undefined || phase.kind === 'left')
    return (
      <PageContainer title={title}>
        <Result
          status="info"
          title={
            phase.kind === 'left' && phase.status === 'replaced'
              ? '您已被更换出本评标委员会'
              : '您已申请回避'
          }
          subTitle={
            successor
              ? `您的席位已由备选专家 ${successor} 递补，本项目的评标内容不再向您显示。`
              : '您的席位已由备选专家递补，本项目的评标内容不再向您显示。'
          }
        />
      </PageContainer>
    );
  if (phase.kind === 'unknown')
    return (
      <PageContainer title="评标">
        <Empty description="您不是该项目评标委员会的成员，或该项目不存在。" />
      </PageContainer>
    );
  if (phase.kind === 'pledge')
    return (
      <PageContainer bare>
        <PledgeCard task={task!} onRecused={(name) => setSuccessor(name)} />
      </PageContainer>
    );
  return (
    <PageContainer
      title={title}
      extra={task && <Typography.Text type="secondary">{task.tenderNo}</Typography.Text>}
    >
      {sheet.isError && <LoadError error={sheet.error} onRetry={() => sheet.refetch()} />}
      {sheet.data ? (
        <>
          <Progress sheet={sheet.data} />
          <SameAccountAlert
            warnings={sheet.data.sameAccountWarnings}
            style={{ margin: '12px 0' }}
          />
          {sheet.data.bids.length === 0 && (
            <Alert type="info" showIcon style={{ margin: '12px 0' }} title="该标段没有有效投标" />
          )}
          <DeskTabs
            task={task!}
            sheet={sheet.data}
            editable={phase.kind === 'sheet' && phase.editable}
          />
        </>
      ) : (
        !sheet.isError && <Spin />
      )}
    </PageContainer>
  );
}
