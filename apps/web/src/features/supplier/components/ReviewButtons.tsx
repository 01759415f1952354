import { Button } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Supplier } from '@tender/contracts';
import { actionsFor, REVIEW_ACTIONS, type ReviewAction } from './review-actions';

const ICONS: Record<ReviewAction, React.ReactNode> = {
  approve: <CheckCircleOutlined />,
  reject: <CloseCircleOutlined />,
  blacklist: <StopOutlined />,
  restore: <UndoOutlined />,
};

/** The review actions this supplier's state allows (the caller checks the supplier:audit power). */
export function ReviewButtons({
  supplier,
  onAction,
  link = true,
}: {
  supplier: Supplier;
  onAction: (supplier: Supplier, action: ReviewAction) => void;
  /** Link buttons in the table; ordinary buttons in the drawer's footer. */
  link?: boolean;
}) {
  return actionsFor(supplier).map((action) => (
    <Button
      key={action}
      type={link ? 'link' : action === 'approve' || action === 'restore' ? 'primary' : 'default'}
      size={link ? 'small' : 'middle'}
      danger={REVIEW_ACTIONS[action].danger}
      icon={ICONS[action]}
      onClick={() => onAction(supplier, action)}
    >
      {REVIEW_ACTIONS[action].label}
    </Button>
  ));
}
