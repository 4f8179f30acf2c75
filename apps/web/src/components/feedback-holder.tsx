import { Modal, message } from 'antd';
import { useEffect } from 'react';
import { TOAST_SECONDS } from '@portal/shared/constants';
import { AntdTheme } from './antd-theme';
import type { FeedbackApis } from './feedback';

/** Renders antd's message and modal holders, in the app's theme, and lends their APIs to FeedbackProvider. */
export function FeedbackHolder({ onReady }: { onReady: (apis: FeedbackApis) => void }) {
  const [messageApi, messageHolder] = message.useMessage({ duration: TOAST_SECONDS });
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => onReady({ message: messageApi, modal: modalApi }), [onReady, messageApi, modalApi]);

  return (
    <AntdTheme>
      {modalHolder}
      {messageHolder}
    </AntdTheme>
  );
}
