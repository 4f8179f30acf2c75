import { ReloadOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessageScreen } from '../components/message-screen';
import { ActionButton } from '../components/plain/action-button';

/** Mostly a screen's code failing to load after a deployment or on a bad connection. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <MessageScreen
      status="error"
      title={t('web.app.routeErrorTitle')}
      description={t('web.app.routeErrorDescription')}
      actions={
        // not antd's: shown above every screen, the sign-in screen's too, which runs without antd
        <ActionButton
          variant="primary"
          icon={<ReloadOutlined aria-hidden="true" />}
          onClick={() => window.location.reload()}
        >
          {t('web.app.reload')}
        </ActionButton>
      }
    />
  );
}
