import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { questionApi } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { useAccess } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useQuestions } from '../api/list-question';
import { AnswerQuestionModal } from './AnswerQuestionModal';
import { AskQuestionForm } from './AskQuestionForm';
import '../question.css';

const PAGE_SIZE = 10;

/**
 * 答疑: the tender's questions and published answers. A supplier sees the answered ones and its
 * own (我的提问), never who asked, and asks while the server allows it (答疑截止 counted down on
 * the server's clock); a manager sees every question with its asker and answers. `onAmend`
 * opens the tender's 澄清/修改 from the answer dialog (managers).
 */
export function QuestionsTab({
  tenderId,
  manager = false,
  onAmend,
  focus = false,
}: {
  tenderId: number;
  /** 招标管理详情 (every question, the asker, 答复) rather than a supplier's view. */
  manager?: boolean;
  onAmend?: () => void;
  /** Scroll here once loaded (a notification's link). */
  focus?: boolean;
}) {
  const [pageNum, setPageNum] = useState(1);
  const questions = useQuestions(tenderId, pageNum, PAGE_SIZE);
  const { can } = useAccess();
  const [answering, setAnswering] = useState<questionApi.Question>();
  const anchor = useRef<HTMLDivElement>(null);
  const loaded = !!questions.data;
  useEffect(() => {
    if (focus && loaded) anchor.current?.scrollIntoView?.({ block: 'start' });
  }, [focus, loaded]);

  if (questions.isError)
    return <LoadError error={questions.error} onRetry={() => questions.refetch()} />;
  if (!questions.data) return <Skeleton active />;
  const { list, total, questionsUntil, canAsk } = questions.data;
  const mayAnswer = manager && can('tender:answer-question');

  return (
    <div className="question-tab" ref={anchor} id="qa">
      <Space wrap size={8} className="question-until">
        <Typography.Text type="secondary">
          答疑截止 {formatDateTime(questionsUntil)}
        </Typography.Text>
        <Countdown deadline={questionsUntil} doneText="答疑已截止" prefix="距答疑截止 " />
      </Space>
      {canAsk ? (
        <Card size="small" className="question-ask">
          <AskQuestionForm tenderId={tenderId} />
        </Card>
      ) : (
        !manager && (
          <Alert
            type="info"
            showIcon
            className="question-ask"
            title="答疑已截止，不能再提问；已发布的答复仍可查看。"
          />
        )
      )}
      {list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={manager ? '暂无供应商提问' : '暂无已发布的答疑'}
        />
      ) : (
        <List
          className="question-list"
          itemLayout="vertical"
          dataSource={list}
          pagination={
            total > PAGE_SIZE
              ? {
                  current: pageNum,
                  pageSize: PAGE_SIZE,
                  total,
                  onChange: setPageNum,
                  showSizeChanger: false,
                }
              : false
          }
          renderItem={(q) => (
            <List.Item
              key={q.id}
              className="question-item"
              actions={
                mayAnswer && q.answer === null
                  ? [
                      <Button
                        key="answer"
                        type="primary"
                        size="small"
                        icon={<MessageOutlined />}
                        onClick={() => setAnswering(q)}
                      >
                        答复
                      </Button>,
                    ]
                  : undefined
              }
            >
              <Space wrap size={[8, 4]} className="question-meta">
                <Tag color={q.answer === null ? 'orange' : 'green'}>
                  {q.answer === null ? '待答复' : '已答复'}
                </Tag>
                {q.mine && <Tag color="blue">我的提问</Tag>}
                <Typography.Text type="secondary">
                  提问时间 {formatDateTime(q.askedAt)}
                </Typography.Text>
                {q.asker && (
                  <Typography.Text type="secondary" className="question-asker">
                    提问人：{q.asker.supplierName}（{q.asker.username}）
                  </Typography.Text>
                )}
              </Space>
              <Typography.Paragraph className="question-content">
                <Typography.Text strong>问：</Typography.Text>
                {q.content}
              </Typography.Paragraph>
              {q.answer !== null ? (
                <div className="question-answer">
                  <Typography.Text strong>答：</Typography.Text>
                  {q.answer}
                  <div>
                    <Typography.Text type="secondary">
                      答复时间 {formatDateTime(q.answeredAt)}
                    </Typography.Text>
                  </div>
                </div>
              ) : (
                !manager && <Typography.Text type="secondary">等待招标人答复</Typography.Text>
              )}
            </List.Item>
          )}
        />
      )}
      {answering && (
        <AnswerQuestionModal
          question={answering}
          onClose={() => setAnswering(undefined)}
          onAmend={
            onAmend &&
            (() => {
              setAnswering(undefined);
              onAmend();
            })
          }
        />
      )}
    </div>
  );
}
