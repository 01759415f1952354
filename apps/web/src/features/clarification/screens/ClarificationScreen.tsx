import { useState } from 'react';
import { Button, Card, Typography, type TableColumnsType } from 'antd';
import { deskApi, lotLabel } from '@tender/contracts';
import { PagedTable } from '@/components/PagedTable';
import { PageContainer } from '@/components/PageContainer';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { formatDateTime } from '@/lib/time';
import { useServerNow } from '@/components/Countdown';
import { useMyClarifications } from '../api/list-my-clarification';
import { AnswerModal } from '../components/AnswerModal';
import { AnswerCell } from '../components/AnswerCell';
import { ClarificationStatus } from '../components/ClarificationStatus';

type Clarification = deskApi.Clarification;
const listQuery = declared(deskApi.listMyClarification.query);

const projectOf = (c: Clarification) => (
  <>
    <Typography.Text type="secondary">{c.tenderNo}</Typography.Text>
    <div>{c.tenderTitle}</div>
    {/* A one-lot tender's lot carries the tender's name: no need to say it twice. */}
    {c.lotName !== c.tenderTitle && (
      <Typography.Text type="secondary">
        {lotLabel({ lotNo: c.lotNo, name: c.lotName })}
      </Typography.Text>
    )}
  </>
);

/**
 * 评标澄清: the evaluation committee's written questions to the caller's company (the asker is
 * never named), the time left to answer on the server's clock, and 答复 with text and files.
 */
export default function ClarificationScreen() {
  const { query, setPage } = useUrlQuery(listQuery);
  const list = useMyClarifications(query);
  const [answering, setAnswering] = useState<Clarification>();
  const now = useServerNow(5000);
  const canAnswer = (c: Clarification) => c.status === 'open' && Date.parse(c.answerBy) > now;
  const actionOf = (c: Clarification) =>
    canAnswer(c) ? (
      <Button type="primary" size="small" onClick={() => setAnswering(c)}>
        答复
      </Button>
    ) : null;

  const columns: TableColumnsType<Clarification> = [
    { title: '项目 / 标段', key: 'project', render: (_, c) => projectOf(c) },
    {
      title: '澄清问题',
      key: 'question',
      render: (_, c) => (
        <div style={{ maxWidth: 420, whiteSpace: 'pre-wrap' }}>
          {c.question}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            评标委员会于 {formatDateTime(c.askedAt)} 提出
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '答复期限',
      key: 'answerBy',
      render: (_, c) => (
        <>
          <div>{formatDateTime(c.answerBy)}</div>
          <ClarificationStatus clarification={c} />
        </>
      ),
    },
    { title: '答复', key: 'answer', render: (_, c) => <AnswerCell clarification={c} /> },
    { title: '操作', key: 'action', fixed: 'right', render: (_, c) => actionOf(c) },
  ];

  return (
    <PageContainer title="评标澄清">
      <Typography.Paragraph type="secondary">
        评标委员会可就投标文件中含义不明确的内容要求书面澄清；请在答复期限前答复，逾期未答复将如实记入评标报告。
        澄清不得改变投标报价和投标文件的实质性内容。
      </Typography.Paragraph>
      <PagedTable<Clarification>
        rowKey="id"
        rows={list}
        page={query}
        onPageChange={setPage}
        empty="暂无评标澄清"
        columns={columns}
        cards={{
          label: '评标澄清',
          render: (c) => (
            <Card
              size="small"
              className="clarification-card"
              title={projectOf(c)}
              style={{ marginBottom: 12 }}
            >
              <div style={{ whiteSpace: 'pre-wrap' }}>{c.question}</div>
              <div style={{ margin: '8px 0' }}>
                答复期限：{formatDateTime(c.answerBy)} <ClarificationStatus clarification={c} />
              </div>
              {c.answer !== null && <AnswerCell clarification={c} />}
              {actionOf(c)}
            </Card>
          ),
        }}
      />
      {answering && (
        <AnswerModal clarification={answering} onClose={() => setAnswering(undefined)} />
      )}
    </PageContainer>
  );
}
