import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { bindFeedback } from '@/lib/feedback';

/** Ant Design's message and confirm dialog, bound to lib/feedback; mounted on the first message. */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => bindFeedback({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
